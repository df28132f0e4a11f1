import { useQuery } from '@tanstack/react-query';
import { loadCountries } from './countries';

/** The country shapes are a static asset of this build: loaded once, kept for the page's life. */
export function useCountries() {
  return useQuery({
    queryKey: ['world-countries'],
    queryFn: ({ signal }) => loadCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
}
