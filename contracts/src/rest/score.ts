import { z } from 'zod';
import type { RoundResult } from './solo.js';

/** SPEC §3 locations: a list of numbers, latitude and longitude first, an optional third value (heading). */
export const coordinateListSchema = z
  .array(z.number().finite(), { error: 'expected a list of at least two numbers [lat, lng]' })
  .min(2, { error: 'needs at least two numbers [lat, lng]' })
  .max(3)
  .refine(([lat]) => lat !== undefined && lat >= -90 && lat <= 90, { error: 'latitude must be between -90 and 90' })
  .refine(([, lng]) => lng !== undefined && lng >= -180 && lng <= 180, { error: 'longitude must be between -180 and 180' });

export const GAME_TYPE_SINGLE_PLAYER = 1;

/**
 * SPEC §3 score submission payload as SPEC lists it. The server finds the round among the player's own
 * single-player rounds by `targetLocation` and scores against what it stored (never a client's score).
 * `gameId` and `roundNumber` may still name the round (both, or neither).
 */
export const scoreSubmissionSchema = z.object({
  gameId: z.string().min(1).optional(),
  roundNumber: z.number().int().min(0).optional(),
  scoreToAdd: z.number().int().min(0).max(10000),
  mapId: z.string().min(1),
  bestGuessInMeters: z.number().min(-1),
  bestCountryStreak: z.number().int().min(-1),
  /** Negative: the round does not count for the country streak, which keeps its old value (SPEC §5). */
  currentCountryStreak: z.number().int(),
  scoreFromStreak: z.number().int().min(0).default(0),
  scoreFromNMPZ: z.number().int().min(0).default(0),
  scoreFromNM: z.number().int().min(0).default(0),
  targetLocation: coordinateListSchema,
  guessLocation: coordinateListSchema,
  countryCode: z.string().max(8).nullable().default(null),
  gameType: z.literal(GAME_TYPE_SINGLE_PLAYER, { error: 'only single-player rounds (gameType 1) are submitted here' }),
});
export type ScoreSubmission = z.infer<typeof scoreSubmissionSchema>;
export type ScoreSubmissionInput = z.input<typeof scoreSubmissionSchema>;

export const scoreSubmissionResponseSchema = z.object({ newRank: z.number().int().min(1), newScore: z.number().int() });
export type ScoreSubmissionResponse = z.infer<typeof scoreSubmissionResponseSchema>;

/** The streak after a round: one longer when the guess landed in the target's country, else broken. */
export function nextCountryStreak(currentCountryStreak: number, result: Pick<RoundResult, 'guessCountryCode' | 'targetCountryCode'>): number {
  const hit = result.targetCountryCode !== null && result.guessCountryCode === result.targetCountryCode;
  return hit ? currentCountryStreak + 1 : 0;
}

/** A round the player placed a guess in (not one whose time ran out): only these are submitted. */
export type GuessedResult = RoundResult & { guess: NonNullable<RoundResult['guess']>; distanceMeters: number };
export const isGuessed = (result: RoundResult): result is GuessedResult => result.guess !== null && result.distanceMeters !== null;

/**
 * The points a round adds to SPEC §3's `scoreFromNMPZ` and `scoreFromNM`: all of them when the game was
 * played NMPZ (or No Move), else 0. NMPZ takes precedence.
 */
export function movementBonuses(points: number, settings: { nm?: boolean; nmpz?: boolean } = {}): { scoreFromNMPZ: number; scoreFromNM: number } {
  return { scoreFromNMPZ: settings.nmpz ? points : 0, scoreFromNM: settings.nm && !settings.nmpz ? points : 0 };
}

/** SPEC §3 payload for a single-player round, filled from the result the server returned. */
export function buildScoreSubmission(
  round: { gameId: string; mapId: string; result: GuessedResult; settings?: { nm?: boolean; nmpz?: boolean } },
  streaks: { currentCountryStreak: number; bestCountryStreak: number },
): ScoreSubmissionInput {
  const { result } = round;
  const currentCountryStreak = nextCountryStreak(streaks.currentCountryStreak, result);
  return {
    gameId: round.gameId,
    roundNumber: result.roundIndex,
    scoreToAdd: result.points,
    mapId: round.mapId,
    bestGuessInMeters: result.distanceMeters,
    bestCountryStreak: Math.max(streaks.bestCountryStreak, currentCountryStreak),
    currentCountryStreak,
    scoreFromStreak: 0,
    ...movementBonuses(result.points, round.settings),
    targetLocation: [result.target.lat, result.target.lng],
    guessLocation: [result.guess.lat, result.guess.lng],
    countryCode: result.targetCountryCode,
    gameType: GAME_TYPE_SINGLE_PLAYER,
  };
}
