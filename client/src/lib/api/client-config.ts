import { clientConfigSchema } from '@globetrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** GET /client-config: one build serves every deployment; read once per page load. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => apiGet('/client-config', clientConfigSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
