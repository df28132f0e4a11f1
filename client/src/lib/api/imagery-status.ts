import { imageryStatusSchema } from '@globetrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** GET /imagery/status: whether new rounds show online pictures or only the offline sample scenes. */
export function useImageryStatus() {
  return useQuery({
    queryKey: ['imagery-status'],
    queryFn: ({ signal }) => apiGet('/imagery/status', imageryStatusSchema, { signal }),
    staleTime: 60_000,
  });
}

/** True once the server says new rounds use the offline pictures. */
export function useRoundsOffline(): boolean {
  return useImageryStatus().data?.serving === 'offline';
}
