import { z } from 'zod';
import { gameModeSchema } from '../live/game-rules.js';
import { gameOriginSchema } from '../events/game-events.js';

/**
 * GET /ghosts/{gameId}: a finished duel whose players can be duelled as ghosts (docs/ghost-duels.md) —
 * what it was and who played it, never a guess or a target.
 */
export const ghostSourceViewSchema = z.object({
  gameId: z.string(),
  gameT: gameModeSchema,
  origin: gameOriginSchema,
  mapName: z.string(),
  /** Rounds played to their end: the rounds a ghost duel plays again. */
  rounds: z.number().int().min(1),
  /** Round time in seconds (-1: none), and the movement rules the recorded duel had. */
  rl: z.number().int(),
  nm: z.boolean(),
  nmpz: z.boolean(),
  s_hp: z.number().int(),
  endedAt: z.string(),
  players: z.array(z.object({ playerId: z.string(), name: z.string(), hp: z.number().int().nullable(), won: z.boolean(), ghost: z.boolean() })),
});
export type GhostSourceView = z.infer<typeof ghostSourceViewSchema>;

/**
 * POST /ghosts: duel the ghost of `playerId` from finished duel `gameId`, or from challenge `challengeId`
 * (a daily or a custom one, which the caller has finished; without `playerId`, its best other player's);
 * answers the new game's id. Exactly one of `gameId` and `challengeId`.
 */
export const createGhostDuelRequestSchema = z.object({
  gameId: z.string().min(1).max(64).optional(),
  challengeId: z.string().min(1).max(64).optional(),
  playerId: z.string().min(1).max(128).optional(),
});
export type CreateGhostDuelRequest = z.infer<typeof createGhostDuelRequestSchema>;
export const createGhostDuelResponseSchema = z.object({ gameId: z.string() });
