import { z } from 'zod';
import { freeTextSchema } from '../rules/free-text.js';
import { gameModeSchema, LIVE } from '../live/game-rules.js';

/** POST /games: a private game, or a lobby duel (gameT D with `listInLobby`). Arena matches are made by matchmaking. */
export const createGameRequestSchema = z.object({
  gameT: gameModeSchema.exclude(['L']),
  nr: z.number().int().min(1).max(50).default(5),
  rl: z
    .number()
    .int()
    .min(-1)
    .max(600)
    .refine((value) => value !== 0, { error: 'must be -1 (no limit) or a number of seconds' })
    .default(LIVE.defaultRoundSeconds),
  gat: z.boolean().default(false),
  sga: z.boolean().default(false),
  nm: z.boolean().default(false),
  nmpz: z.boolean().default(false),
  mElo: z.number().int().min(0).max(4000).nullable().default(null),
  mapId: z.string().min(1).max(64).optional(),
  tag: freeTextSchema({ max: 40 }).nullable().default(null),
  listInLobby: z.boolean().default(false),
});
export type CreateGameRequest = z.input<typeof createGameRequestSchema>;
export const createGameResponseSchema = z.object({ gameId: z.string() });

export const openDuelSchema = z.object({
  gameId: z.string(),
  host: z.object({ id: z.string(), name: z.string(), elo: z.number().int().nullable() }),
  mElo: z.number().int().nullable(),
  rl: z.number().int(),
  createdAt: z.string(),
});
export type OpenDuel = z.infer<typeof openDuelSchema>;
export const lobbyViewSchema = z.object({ version: z.number().int(), duels: z.array(openDuelSchema) });
export type LobbyView = z.infer<typeof lobbyViewSchema>;

/** GET /arena/nplayers, and the toolbar badges' push. */
export const countersSchema = z.object({ arena: z.number().int().min(0), lobby: z.number().int().min(0) });
export type Counters = z.infer<typeof countersSchema>;

export const ratingPreviewSchema = z.object({ rating: z.number().int(), opponentRating: z.number().int(), win: z.number().int(), draw: z.number().int(), loss: z.number().int() });
export type RatingPreview = z.infer<typeof ratingPreviewSchema>;
export const eloRankSchema = z.object({ uid: z.string(), elo: z.number().int(), rank: z.number().int().min(1), games: z.number().int() });
export type EloRank = z.infer<typeof eloRankSchema>;
export const countryAnswerSchema = z.object({ countryCode: z.string().length(2).nullable() });

/** Fixed room ids: the routes game/lobby and game/arena (SPEC §2: "duels lobby id and arena id are game ids"). */
export const LOBBY_ID = 'lobby';
export const ARENA_ID = 'arena';

/**
 * GET /user/duels/{id}: a player's latest finished one-against-one duels, newest first (ours; the public
 * profile's match list, where a ghost duel can start). An opponent who deleted their account shows no name.
 */
export const playerDuelSchema = z.object({
  gameId: z.string(),
  endedAt: z.string(),
  gameT: z.enum(['D', 'L']),
  origin: z.enum(['private', 'lobby', 'arena', 'ghost']),
  mapName: z.string(),
  opponent: z.object({ id: z.string().nullable(), name: z.string().nullable(), ghost: z.boolean() }),
  outcome: z.enum(['won', 'lost', 'draw']),
  hp: z.number().int().nullable(),
  opponentHp: z.number().int().nullable(),
  rounds: z.number().int(),
});
export type PlayerDuel = z.infer<typeof playerDuelSchema>;
export const playerDuelsSchema = z.object({ duels: z.array(playerDuelSchema) });
export type PlayerDuels = z.infer<typeof playerDuelsSchema>;
