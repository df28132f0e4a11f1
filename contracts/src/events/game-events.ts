import { z } from 'zod';
import { movementSchema } from '../rest/panorama.js';
import { latLngSchema } from '../rules/geo.js';
import { gameModeSchema, teamIdSchema } from '../live/game-rules.js';
import { defineEvent, instantSchema } from './define-event.js';
import { panoramaRefSchema } from './solo-events.js';
import { ROUND_PLAN_SALT, SHA256_HEX } from '../rules/round-plan.js';

/** Epoch milliseconds: deadlines the server's timers and the clients' countdowns share. */
const epochMs = z.number().int().min(0);
const playerId = z.string().min(1);
const roundIndex = z.number().int().min(0);

export const gameSettingsSchema = z.object({
  /** Rounds in the game; duels ignore it (they end on hit points). */
  nr: z.number().int().min(1).max(50),
  /** Round time in seconds; -1 for none. */
  rl: z.number().int().min(-1).max(600),
  bl: z.boolean(),
  gat: z.boolean(),
  sga: z.boolean(),
  mElo: z.number().int().min(0).max(4000).nullable(),
  s_hp: z.number().int().min(100).max(100_000),
  tag: z.string().max(40).nullable(),
  /** SPEC §3's No Move (pan and zoom only) and NMPZ (the view stays as it starts); absent in older games: false. */
  nm: z.boolean().optional(),
  nmpz: z.boolean().optional(),
});
export type GameSettings = z.infer<typeof gameSettingsSchema>;

/** `ghost`: one player against a recorded player's guesses, replayed at their times (docs/ghost-duels.md); unranked. */
export const gameOriginSchema = z.enum(['private', 'lobby', 'arena', 'ghost']);
export type GameOrigin = z.infer<typeof gameOriginSchema>;

export const gameCreatedV1 = defineEvent(
  'GameCreated',
  1,
  z.object({
    gameId: z.string().min(1),
    gameT: gameModeSchema,
    origin: gameOriginSchema,
    settings: gameSettingsSchema,
    map: z.object({ id: z.string().min(1), name: z.string().min(1), maxMapDistance: z.number().positive() }),
    hostId: playerId,
    /**
     * Ranked arena matches: SHA-256 of the round plan drawn before the match (rules/round-plan.ts), so
     * that every target is fixed before anyone plays; absent elsewhere and in older matches.
     */
    roundPlanHash: z.string().regex(SHA256_HEX).optional(),
    createdAt: instantSchema,
  }),
);

/**
 * The round plan a ranked match committed to in GameCreated: every round's target and picture, drawn up
 * front, and the salt. Stored next to GameCreated and never sent to a client; revealed by the audit once
 * the match is over (docs/audit.md).
 */
export const roundPlanDrawnV1 = defineEvent(
  'RoundPlanDrawn',
  1,
  z.object({
    salt: z.string().regex(ROUND_PLAN_SALT),
    rounds: z.array(z.object({ target: latLngSchema, targetCountryCode: z.string().nullable(), panorama: panoramaRefSchema })).min(1).max(50),
  }),
);

/**
 * A ghost duel's opponent: a recorded player's guesses in a finished duel, each at its time after its round
 * started (`afterMs`), and when the recorded player was done with the round (their final guess, or the
 * round's end). Stored after the round plan (the recorded match's rounds) and never sent to a client: the
 * ghost's guesses reach the page only as a live opponent's do (docs/ghost-duels.md).
 */
export const ghostGuessSchema = z.object({ afterMs: z.number().int().min(0), loc: latLngSchema, r: z.number().min(-1), isF: z.boolean() });
export const ghostRecordedV1 = defineEvent(
  'GhostRecorded',
  1,
  z.object({
    /** The ghost's player id in this game (`ghost:` + the recorded player's id). */
    playerId,
    /** The finished duel (`gameId`), or with `kind` challenge the challenge whose id `gameId` holds. */
    source: z.object({ kind: z.literal('challenge').optional(), gameId: z.string().min(1), playerId, name: z.string().min(1), endedAt: instantSchema }),
    rounds: z.array(z.object({ guesses: z.array(ghostGuessSchema).max(200), doneAfterMs: z.number().int().min(0) })).min(1).max(50),
  }),
);

export const playerJoinedV1 = defineEvent(
  'PlayerJoined',
  1,
  z.object({ playerId, name: z.string().min(1), isAnonymous: z.boolean(), team: teamIdSchema.nullable(), elo: z.number().int().nullable(), at: instantSchema }),
);
/** Removed from a game that has not started. */
export const playerLeftV1 = defineEvent('PlayerLeft', 1, z.object({ playerId, at: instantSchema }));
export const hostChangedV1 = defineEvent('HostChanged', 1, z.object({ hostId: playerId, at: instantSchema }));
export const playerTeamChosenV1 = defineEvent('PlayerTeamChosen', 1, z.object({ playerId, team: teamIdSchema, at: instantSchema }));
export const playerReadyChangedV1 = defineEvent('PlayerReadyChanged', 1, z.object({ playerId, ready: z.boolean(), at: instantSchema }));
export const playerConnectedV1 = defineEvent('PlayerConnected', 1, z.object({ playerId, at: instantSchema }));
export const playerDisconnectedV1 = defineEvent('PlayerDisconnected', 1, z.object({ playerId, at: instantSchema }));

/** Everyone is ready: status G while the server resolves the first round's picture. */
export const gameLaunchedV1 = defineEvent('GameLaunched', 1, z.object({ at: instantSchema }));

/** Status SIN: the countdown to round `roundIndex`. Holds the resolved picture, which clients never see. */
export const roundStartingV1 = defineEvent(
  'RoundStarting',
  1,
  z.object({
    roundIndex,
    startsAt: epochMs,
    target: latLngSchema,
    targetCountryCode: z.string().nullable(),
    panorama: panoramaRefSchema,
    /** What players may do with the picture (the game's nm/nmpz); absent in older games: move. */
    movement: movementSchema.optional(),
    /** A Blink game's round: its picture is served only while a player's own few seconds run (PlayerStartedViewing). */
    blink: z.literal(true).optional(),
    at: instantSchema,
  }),
);
/** Status SED: the round is on; its timer ends at `crft` (null: no limit). */
export const roundStartedV1 = defineEvent('RoundStarted', 1, z.object({ roundIndex, startedAt: epochMs, crft: epochMs.nullable() }));
/** Blink mode: the player pressed Start; their picture hides at `hidesAt`. */
export const playerStartedViewingV1 = defineEvent('PlayerStartedViewing', 1, z.object({ roundIndex, playerId, at: epochMs, hidesAt: epochMs }));

export const guessPlacedV1 = defineEvent(
  'GuessPlaced',
  1,
  z.object({ roundIndex, playerId, loc: latLngSchema, r: z.number().min(-1), isF: z.boolean(), at: instantSchema }),
);
/** The round timer passed with `gat` set: players still guessing have until `gatft`. */
export const roundTimedOutV1 = defineEvent('RoundTimedOut', 1, z.object({ roundIndex, gatft: epochMs, at: instantSchema }));

export const playerRoundResultSchema = z.object({
  loc: latLngSchema.nullable(),
  r: z.number(),
  distance: z.number().nullable(),
  points: z.number().int().min(0),
  /** Made final by the timer or the host rather than by the player. */
  auto: z.boolean(),
});
export type PlayerRoundResult = z.infer<typeof playerRoundResultSchema>;

export const roundEndedV1 = defineEvent(
  'RoundEnded',
  1,
  z.object({
    roundIndex,
    reason: z.enum(['all_guessed', 'timer', 'host']),
    target: latLngSchema,
    targetCountryCode: z.string().nullable(),
    results: z.record(z.string(), playerRoundResultSchema),
    /** Team round scores (hit-point modes), and the damage the lower side took. */
    teamScores: z.record(teamIdSchema, z.number().int()).nullable(),
    damage: z.object({ team: teamIdSchema, amount: z.number().int().min(0), multiplier: z.number() }).nullable(),
    hp: z.record(teamIdSchema, z.number().int().min(0)).nullable(),
    /** Inactivity counts after this round. */
    ir: z.record(z.string(), z.number().int().min(0)),
    endedAt: instantSchema,
  }),
);

export const standingSchema = z.object({
  place: z.number().int().min(1),
  playerIds: z.array(z.string()),
  team: teamIdSchema.nullable(),
  points: z.number().int(),
  hp: z.number().int().nullable(),
});
export type Standing = z.infer<typeof standingSchema>;

export const gameEndedV1 = defineEvent(
  'GameEnded',
  1,
  z.object({
    reason: z.enum(['rounds', 'knockout', 'forfeit', 'round_cap']),
    standings: z.array(standingSchema),
    /** null for a draw or a mode without sides. */
    winnerTeam: teamIdSchema.nullable(),
    /** Arena matches: each rated player's Elo before and after, from the ratings they joined with. */
    ratingChanges: z.record(z.string(), z.object({ before: z.number().int(), after: z.number().int() })).nullable(),
    endedAt: instantSchema,
  }),
);
export const gameAbandonedV1 = defineEvent('GameAbandoned', 1, z.object({ reason: z.enum(['everyone_left', 'all_offline']), at: instantSchema }));
export const gameRestartedV1 = defineEvent('GameRestarted', 1, z.object({ at: instantSchema }));
export const chatMessagePostedV1 = defineEvent(
  'ChatMessagePosted',
  1,
  z.object({ messageId: z.string().min(1), playerId, name: z.string(), text: z.string().min(1).max(200), at: instantSchema }),
);

export const gameEventSchema = z.discriminatedUnion('type', [
  gameCreatedV1,
  roundPlanDrawnV1,
  ghostRecordedV1,
  playerJoinedV1,
  playerLeftV1,
  hostChangedV1,
  playerTeamChosenV1,
  playerReadyChangedV1,
  playerConnectedV1,
  playerDisconnectedV1,
  gameLaunchedV1,
  roundStartingV1,
  roundStartedV1,
  playerStartedViewingV1,
  guessPlacedV1,
  roundTimedOutV1,
  roundEndedV1,
  gameEndedV1,
  gameAbandonedV1,
  gameRestartedV1,
  chatMessagePostedV1,
]);
export type GameEvent = z.infer<typeof gameEventSchema>;
export type GameEventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

/** A change of status: what spectators' one-phase delay is measured in. */
export const phaseEventTypes: ReadonlySet<GameEvent['type']> = new Set(['GameLaunched', 'RoundStarting', 'RoundStarted', 'RoundEnded', 'GameEnded', 'GameAbandoned', 'GameRestarted']);
