import { QueryClient } from '@tanstack/react-query';

/** Retries live in apiGet (SPEC §8 backoff), so the query layer itself never repeats a request. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
