import { z } from 'zod';
import { latLngSchema } from '../rules/geo.js';
import { gameOriginSchema, standingSchema } from '../events/game-events.js';
import { gameModeSchema, gameStatusSchema, teamIdSchema } from './game-rules.js';
import { movementSchema } from '../rest/panorama.js';

/**
 * A game as one viewer may see it (SPEC §3 field names). Built from the game's events by the server and
 * filtered per viewer: the current round's target is null until ROUND_ENDED, and other players' guesses
 * show as `isF` with a null `loc` until then (unless `sga` lets a player who has guessed see them).
 */
export const guessViewSchema = z.object({
  pId: z.string(),
  /** null while hidden from this viewer. */
  loc: latLngSchema.nullable(),
  /** Radius in metres (circles); -1 for none. */
  r: z.number(),
  isF: z.boolean(),
  /** Filled when the round has ended. */
  points: z.number().int().nullable(),
  distance: z.number().nullable(),
  auto: z.boolean(),
});
export type GuessView = z.infer<typeof guessViewSchema>;

export const roundViewSchema = z.object({
  index: z.number().int().min(0),
  /** The target: null until the round has ended. */
  loc: latLngSchema.nullable(),
  targetCountryCode: z.string().nullable(),
  /**
   * The picture's opaque address, and whether players may move from it: null until the round has started.
   * Views stored before rounds said so read as `move`, which live games allow.
   */
  pano: z.object({ url: z.string(), heading: z.number(), movement: movementSchema.default('move') }).nullable(),
  gus: z.record(z.string(), guessViewSchema),
  startsAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  crft: z.number().int().nullable(),
  gatft: z.number().int().nullable(),
  /** Blink rounds: when each player's picture hides (epoch ms), keyed by player id. */
  hidesAt: z.record(z.string(), z.number().int()),
  ended: z.boolean(),
  /** When the round ended (epoch ms); the next one starts LIVE.resultDisplayMs later unless the game is over. */
  endedAt: z.number().int().nullable(),
  teamScores: z.record(teamIdSchema, z.number().int()).nullable(),
  damage: z.object({ team: teamIdSchema, amount: z.number().int(), multiplier: z.number() }).nullable(),
});
export type RoundView = z.infer<typeof roundViewSchema>;

export const teamViewSchema = z.object({
  hp: z.number().int(),
  s_hp: z.number().int(),
  p: z.record(z.string(), z.object({ id: z.string(), name: z.string() })),
});
export type TeamView = z.infer<typeof teamViewSchema>;

export const userPresenceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Connected now. */
  isC: z.boolean(),
  /** Last seen, epoch ms. */
  lsS: z.number().int(),
  isA: z.boolean(),
  /** Rounds missed in a row. */
  ir: z.number().int(),
  team: teamIdSchema.nullable(),
  ready: z.boolean(),
  elo: z.number().int().nullable(),
  /** Total points so far. */
  points: z.number().int(),
});
export type UserPresenceView = z.infer<typeof userPresenceViewSchema>;

export const chatMessageViewSchema = z.object({ id: z.string(), uid: z.string(), name: z.string(), text: z.string(), at: z.string() });
export type ChatMessageView = z.infer<typeof chatMessageViewSchema>;

export const ratingChangeViewSchema = z.object({ before: z.number().int(), after: z.number().int() });

export const gameViewSchema = z.object({
  id: z.string(),
  /** Revision of the game's stream this view includes; newer pushes have larger versions. */
  version: z.number().int().min(0),
  gameT: gameModeSchema,
  origin: gameOriginSchema,
  status: gameStatusSchema,
  /** Current round index; -1 after the last round of a game with a round count. */
  cr: z.number().int(),
  nr: z.number().int(),
  mmd: z.number(),
  /** The map the game draws its places from (its guess map opens framed on it); absent in views from before it. */
  mapId: z.string().optional(),
  mapName: z.string(),
  rl: z.number().int(),
  bl: z.boolean(),
  gat: z.boolean(),
  sga: z.boolean(),
  mElo: z.number().int().nullable(),
  tag: z.string().nullable(),
  /** No Move / NMPZ (SPEC §3): each round's `pano.movement` says the same. */
  nm: z.boolean().default(false),
  nmpz: z.boolean().default(false),
  host: z.string(),
  /** Ghost duels: which player is the ghost, and the finished duel it was recorded in (never its guesses). */
  ghost: z.object({ playerId: z.string(), sourceGameId: z.string(), sourcePlayerId: z.string(), sourceKind: z.enum(['game', 'challenge']).default('game') }).optional(),
  crft: z.number().int().nullable(),
  gatft: z.number().int().nullable(),
  rounds: z.array(roundViewSchema),
  /** Present in hit-point modes (T, D, L). */
  teams: z.record(teamIdSchema, teamViewSchema).nullable(),
  us: z.record(z.string(), userPresenceViewSchema),
  chat: z.array(chatMessageViewSchema),
  result: z
    .object({
      reason: z.string(),
      standings: z.array(standingSchema),
      winnerTeam: teamIdSchema.nullable(),
      ratingChanges: z.record(z.string(), ratingChangeViewSchema),
    })
    .nullable(),
  viewer: z.object({ role: z.enum(['player', 'spectator']), playerId: z.string().nullable() }),
  /** The server's clock when this view was made (epoch ms), for countdowns on a skewed client clock. */
  serverNow: z.number().int(),
});
export type GameView = z.infer<typeof gameViewSchema>;

/**
 * A ghost duel on a challenge's rounds (a daily's among them) is its player's own: its rounds are places
 * others may still have to find, so nobody else watches it, audits it, lists it or duels a ghost from it
 * (docs/ghost-duels.md).
 */
export const isPrivateGhostDuel = (view: Pick<GameView, 'ghost'>) => view.ghost?.sourceKind === 'challenge';
