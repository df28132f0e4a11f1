import { useQuery } from '@tanstack/react-query';
import { ensureSession } from '../../lib/session/session-service';

/** A new visitor gets a guest session (and profile) at once, so Play works without any sign-in. */
export function useSessionBootstrap() {
  return useQuery({
    queryKey: ['session-bootstrap'],
    queryFn: async () => {
      await ensureSession();
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 3,
    retryDelay: (attempt) => 1_000 * 2 ** attempt,
  });
}
