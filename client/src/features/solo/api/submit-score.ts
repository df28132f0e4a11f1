import {
  GAME_TYPE_SINGLE_PLAYER,
  scoreSubmissionResponseSchema,
  type RoundResult,
  type ScoreSubmissionInput,
  type ScoreSubmissionResponse,
  type UserProfileView,
} from '@globetrail/contracts';
import { apiPost } from '../../../lib/api/api-client';

/** The country streak after this round: one longer when the guess landed in the target's country. */
export function nextCountryStreak(profile: UserProfileView, result: RoundResult): number {
  const hit = result.guessCountryCode !== null && result.targetCountryCode !== null && result.guessCountryCode === result.targetCountryCode;
  return hit ? profile.currentCountryStreak + 1 : 0;
}

/** SPEC §3 payload, filled from the result the server returned (the server recomputes and checks it). */
export function buildScoreSubmission(gameId: string, mapId: string, result: RoundResult, profile: UserProfileView): ScoreSubmissionInput {
  const currentCountryStreak = nextCountryStreak(profile, result);
  return {
    gameId,
    roundNumber: result.roundIndex,
    scoreToAdd: result.points,
    mapId,
    bestGuessInMeters: result.distanceMeters,
    bestCountryStreak: Math.max(profile.bestCountryStreak, currentCountryStreak),
    currentCountryStreak,
    scoreFromStreak: 0,
    scoreFromNMPZ: 0,
    scoreFromNM: 0,
    targetLocation: [result.target.lat, result.target.lng],
    guessLocation: [result.guess.lat, result.guess.lng],
    countryCode: result.targetCountryCode,
    gameType: GAME_TYPE_SINGLE_PLAYER,
  };
}

export function submitScore(submission: ScoreSubmissionInput): Promise<ScoreSubmissionResponse> {
  return apiPost('/score/submit', submission, scoreSubmissionResponseSchema, { auth: true });
}
