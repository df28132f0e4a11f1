import { buildScoreSubmission, type GuessedResult, levelForPoints, type SoloGameView, type UserProfileView } from '@globetrail/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userStatsQueryKey } from '../../../lib/api/user-stats';
import { isApiRequestError } from '../../../lib/api/api-error';
import { showSnack } from '../../../lib/layout/snacks';
import { fetchProfile, profileQueryKey } from '../../../lib/session/profile-query';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { hasSubmittedTarget, rememberSubmittedTarget } from '../../../lib/storage/submitted-targets';
import { submitScore } from '../api/submit-score';

/** SPEC §2: the new-level message hides after 5 s. */
const NEW_LEVEL_SNACK_MS = 5_000;

export interface SavedScore {
  total: number;
  rank: number | null;
}

/** Rounds being submitted right now; a remount (or React's strict double effect) must not send twice. */
const inFlight = new Set<string>();

function freshProfile(queryClient: QueryClient, uid: string): Promise<UserProfileView> {
  return queryClient.fetchQuery({ queryKey: profileQueryKey(uid), queryFn: ({ signal }) => fetchProfile(signal), staleTime: 0 });
}

/**
 * Adds a finished round to a signed-in player's points (SPEC §4/§5): only for accounts, never twice for
 * one target, and a round the server already has counts as done. A round on Google Street View is never
 * ranked (it is not answer-blind), so it is not sent at all.
 */
export function useScoreSubmission(game: SoloGameView, result: GuessedResult) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const uid = session?.user.uid ?? '';
  const key = `${game.gameId}:${result.roundIndex}`;
  const ranked = !game.rounds.find((round) => round.roundIndex === result.roundIndex)?.streetView;

  const mutation = useMutation({
    mutationKey: ['score', game.gameId, result.roundIndex],
    mutationFn: async (): Promise<SavedScore> => {
      // The streak fields must match the server's view, so they are computed from a profile read now.
      const before = await freshProfile(queryClient, uid);
      const submission = buildScoreSubmission({ gameId: game.gameId, mapId: game.mapId, result, ...(game.settings ? { settings: game.settings } : {}) }, before);
      try {
        const response = await submitScore(submission);
        rememberSubmittedTarget(result.target);
        queryClient.setQueryData<UserProfileView>(profileQueryKey(uid), {
          ...before,
          points: response.newScore,
          rank: response.newRank,
          level: levelForPoints(response.newScore),
          currentCountryStreak: submission.currentCountryStreak,
          bestCountryStreak: submission.bestCountryStreak,
          bestGuessInMeters: before.bestGuessInMeters === null ? result.distanceMeters : Math.min(before.bestGuessInMeters, result.distanceMeters),
        });
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) });
        void queryClient.invalidateQueries({ queryKey: userStatsQueryKey(uid) });
        void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
        const newLevel = levelForPoints(response.newScore);
        if (newLevel > levelForPoints(before.points)) {
          showSnack({ id: 'new-level', message: t('snack.newLevel', { level: newLevel }), durationMs: NEW_LEVEL_SNACK_MS });
        }
        return { total: response.newScore, rank: response.newRank };
      } catch (error) {
        if (isApiRequestError(error) && error.code === 'already_submitted') {
          rememberSubmittedTarget(result.target);
          const profile = await freshProfile(queryClient, uid);
          return { total: profile.points, rank: profile.rank };
        }
        throw error;
      }
    },
    onSettled: () => {
      inFlight.delete(key);
    },
  });

  const alreadySubmitted = hasSubmittedTarget(result.target);
  const { mutate, status } = mutation;
  useEffect(() => {
    if (!signedIn || !ranked || alreadySubmitted || status !== 'idle' || inFlight.has(key)) return;
    inFlight.add(key);
    mutate();
  }, [signedIn, ranked, alreadySubmitted, status, key, mutate]);

  return {
    signedIn,
    /** False for a round on Google Street View: it never counts towards points or rank. */
    ranked,
    /** Submitted in an earlier visit of this result (the target is on the local list). */
    alreadySubmitted: alreadySubmitted && status === 'idle',
    status,
    saved: mutation.data ?? null,
    error: mutation.error,
    retry: () => {
      if (inFlight.has(key)) return;
      inFlight.add(key);
      mutate();
    },
  };
}
