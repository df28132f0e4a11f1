import { z } from 'zod';

/** SPEC §3 mode codes. B is the duels lobby, a room rather than a game of its own. */
export const gameModeSchema = z.enum(['C', 'A', 'T', 'D', 'L']);
export type GameMode = z.infer<typeof gameModeSchema>;
export type ModeCode = GameMode | 'B';

/** SPEC §4 statuses. */
export const gameStatusSchema = z.enum(['C', 'G', 'SIN', 'SED', 'R_ED', 'G_ED', 'G_ABON']);
export type GameStatus = z.infer<typeof gameStatusSchema>;

export type GameStateName = 'CREATED' | 'STARTING' | 'STARTED' | 'ROUND_ENDED' | 'GAME_ENDED';
/** SPEC §4 state names; G (generating) reads as CREATED and G_ABON (abandoned) as GAME_ENDED. */
export const stateNameOf: Record<GameStatus, GameStateName> = {
  C: 'CREATED',
  G: 'CREATED',
  SIN: 'STARTING',
  SED: 'STARTED',
  R_ED: 'ROUND_ENDED',
  G_ED: 'GAME_ENDED',
  G_ABON: 'GAME_ENDED',
};

export const teamIdSchema = z.enum(['0', '1']);
export type TeamId = z.infer<typeof teamIdSchema>;

/** The constants docs/live-games.md gives a meaning. */
export const LIVE = {
  connectedWindowMs: 75_000,
  inactivityLimit: 1,
  countdownMs: 3_000,
  resultDisplayMs: 7_000,
  defaultRoundSeconds: 60,
  gatWindowMs: 15_000,
  blinkGuessWindowMs: 25_000,
  duelHitPoints: 6000,
  duelRoundCap: 30,
  chatMaxLength: 200,
  chatIntervalMs: 1_000,
  maxRadiusMeters: 20_037_500,
  capacity: { C: 20, A: 20, T: 16, D: 2, L: 2 } satisfies Record<GameMode, number>,
  eloK: 32,
  eloStart: 1000,
} as const;

/** SPEC §3: blink is on when the round time is between 0 and 5 seconds, exclusive of 0. */
export const isBlink = (roundSeconds: number) => roundSeconds > 0 && roundSeconds < 5;

/** Modes where two sides lose hit points. */
export const hasHitPoints = (mode: GameMode) => mode === 'D' || mode === 'L' || mode === 'T';
/** Modes that end on hit points alone (no round count): after the last round `cr` keeps its index. */
export const isDuel = (mode: GameMode) => mode === 'D' || mode === 'L';

/** Duel damage multiplier for a 0-based round index: ×1 for rounds 1–4, then +0.5 a round. */
export function damageMultiplier(roundIndex: number): number {
  return roundIndex < 4 ? 1 : 1 + 0.5 * (roundIndex - 3);
}

/** Elo expectation of a player rated `rating` against `opponent`. */
export function eloExpected(rating: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - rating) / 400));
}

/** Rating change for one game: K · (score − expected), rounded; score 1 win, 0.5 draw, 0 loss. */
export function eloDelta(rating: number, opponent: number, score: 0 | 0.5 | 1, k: number = LIVE.eloK): number {
  return Math.round(k * (score - eloExpected(rating, opponent)));
}
