import type { ChallengeSort } from '@globetrail/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { fetchChallenge, fetchChallengePage, fetchMyChallenges, fetchProgress } from '../api/challenges-api';

/** Every challenges query starts with it (use-daily-challenges.ts's too), so one call invalidates them all. */
const KEY = 'challenges';

export function useChallengeList(list: { kind: 'public'; page: number; sort: ChallengeSort } | { kind: 'mine'; page: number }) {
  const signedIn = isSignedIn(useSession());
  return useQuery({
    queryKey: [KEY, 'list', signedIn, list],
    queryFn: ({ signal }) => (list.kind === 'mine' ? fetchMyChallenges(list.page, signal) : fetchChallengePage(list.page, list.sort, signedIn, signal)),
    placeholderData: keepPreviousData,
  });
}

/** While a challenge's page is open (and the tab shown), its results and counts are asked for again this often: others play it meanwhile. */
export const CHALLENGE_REFRESH_MS = 10_000;

export function useChallenge(id: string) {
  const signedIn = isSignedIn(useSession());
  return useQuery({
    queryKey: [KEY, 'detail', signedIn, id],
    queryFn: ({ signal }) => fetchChallenge(id, signedIn, signal),
    retry: false,
    refetchInterval: CHALLENGE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useChallengeProgress(id: string, enabled: boolean) {
  return useQuery({ queryKey: [KEY, 'progress', id], queryFn: ({ signal }) => fetchProgress(id, signal), enabled });
}

export const invalidateChallenges = (client: QueryClient) => client.invalidateQueries({ queryKey: [KEY] });
