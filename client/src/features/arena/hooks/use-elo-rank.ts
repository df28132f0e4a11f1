import { useQuery } from '@tanstack/react-query';
import { isApiRequestError } from '../../../lib/api/api-error';
import { getEloRank, eloRankQueryKey } from '../api/arena-api';

/** The player's arena rating and rank; null when they have none yet (404). */
export function useEloRank(uid: string | null) {
  return useQuery({
    queryKey: eloRankQueryKey(uid ?? 'none'),
    queryFn: async ({ signal }) => {
      try {
        return await getEloRank(uid ?? '', signal);
      } catch (error) {
        if (isApiRequestError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: uid !== null,
    // A match may have just changed it: read it again whenever the arena opens.
    staleTime: 0,
  });
}
