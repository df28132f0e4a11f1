import { useQuery } from '@tanstack/react-query';
import { importWithRetry } from '../../../lib/errors/module-import';
import { isSignedIn, useSession } from '../../../lib/session/use-session';

/**
 * Today's dailies (UTC); shared with the toolbar's badge, which reads the same query. The challenges API
 * (and its schemas) is a chunk of its own, loaded by the first fetch: the welcome screen does not carry it.
 */
export function useDailyChallenges(enabled = true) {
  const signedIn = isSignedIn(useSession());
  return useQuery({
    queryKey: ['challenges', 'daily', signedIn],
    queryFn: async ({ signal }) => {
      const api = await importWithRetry(() => import('../api/challenges-api'));
      return api.fetchDailyChallenges(signedIn, signal);
    },
    enabled,
    staleTime: 60_000,
  });
}
