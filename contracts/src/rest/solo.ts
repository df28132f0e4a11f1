import { z } from 'zod';
import { latLngSchema } from '../rules/geo.js';
import { movementSchema } from './panorama.js';

/** How far from a shared location (route loc/{lat,lng}, a challenge's own rounds) a picture may be and still stand for it. */
export const SHARED_LOCATION_RADIUS_METERS = 25_000;

/** SPEC §3 round time: -1 for no limit, else 1–600 seconds (1–4 is Blink). */
export const roundSecondsSchema = z
  .number()
  .int()
  .min(-1)
  .max(600)
  .refine((value) => value !== 0, { error: 'must be -1 (no limit) or a number of seconds' });

/**
 * SPEC §3's round settings a single-player game is played under: No Move (`nm`), NMPZ (`nmpz`), the round
 * time (`rl`, -1 none), the ask-for-guess window when the time runs out (`gat`), show street name (`hsn`).
 * The server enforces movement and time (docs/challenges.md: how the deadline is set).
 */
export const soloSettingsSchema = z.object({
  nm: z.boolean().default(false),
  nmpz: z.boolean().default(false),
  rl: roundSecondsSchema.default(-1),
  gat: z.boolean().default(true),
  hsn: z.boolean().default(true),
});
export type SoloSettings = z.output<typeof soloSettingsSchema>;
export const NO_ROUND_LIMITS: SoloSettings = { nm: false, nmpz: false, rl: -1, gat: true, hsn: true };

export const startSoloGameRequestSchema = z
  .object({
    mapId: z.string().min(1).max(64).optional(),
    /** A shared location (route loc/{lat,lng}) to play as the first round. */
    at: latLngSchema.optional(),
  })
  .extend(soloSettingsSchema.shape);
export type StartSoloGameRequest = z.input<typeof startSoloGameRequestSchema>;
export type StartSoloGameInput = z.output<typeof startSoloGameRequestSchema>;

/**
 * What Google's own viewer needs to show a round on Google Street View: the panorama's id.
 *
 * This is the one exception to answer-blindness. Google's terms require its pictures to be shown by its
 * own viewer (the Maps JavaScript API in the browser), never downloaded and served by us, so the browser
 * must get the panorama id, and Google's viewer knows where that panorama is: a player who reads the page
 * can find the answer. Rounds on it are therefore marked (`answerBlind: false` on the game), never ranked
 * (POST /score/submit answers 409 `unranked_imagery`), and ranked games never use Google.
 */
export const streetViewSchema = z.object({ panoId: z.string().min(1) });
export type StreetView = z.infer<typeof streetViewSchema>;

/**
 * What a client learns when a round starts: an opaque picture address, never the target. `streetView` is
 * set only for a round on Google Street View (see streetViewSchema); null or absent for every provider
 * whose pictures reach the browser only as bytes under `panoramaUrl`. `movement` says whether the player
 * may move along the picture's sequence (GET /pano/{token}/moves), only pan and zoom, or neither.
 */
export const soloRoundViewSchema = z.object({
  roundIndex: z.number().int().min(0),
  panoramaUrl: z.string(),
  /** Where the view starts, as the viewer's yaw: relative to the round's turned pictures (servedHeading), not to north. */
  heading: z.number(),
  startedAt: z.string(),
  shared: z.boolean(),
  streetView: streetViewSchema.nullable().optional(),
  movement: movementSchema,
  /**
   * The game's map had fewer than 4 locations this game had not shown, so this round comes from the
   * default map, World (SPEC §5). Absent on rounds from before maps had locations.
   */
  fallback: z.boolean().optional(),
  /** When the round's own time is up (the picture hides in Blink), and when the server stops taking its guess; null without a limit. */
  timeUp: z.string().nullable().optional(),
  deadline: z.string().nullable().optional(),
  /** The server's time when it answered, for a countdown that does not trust the client's clock. */
  now: z.string().optional(),
});
export type SoloRoundView = z.infer<typeof soloRoundViewSchema>;

export const startSoloGameResponseSchema = z.object({
  gameId: z.string(),
  mapId: z.string(),
  mapName: z.string(),
  maxMapDistance: z.number(),
  /** False once a round of the game is on imagery that is not answer-blind (Google Street View): unranked. */
  answerBlind: z.boolean(),
  settings: soloSettingsSchema,
  round: soloRoundViewSchema,
});
export type StartSoloGameResponse = z.infer<typeof startSoloGameResponseSchema>;

export const startSoloRoundRequestSchema = z.object({
  /** The index of the round to start: a retried request for the same index starts nothing new. */
  roundIndex: z.number().int().min(1),
  at: latLngSchema.optional(),
});
export type StartSoloRoundRequest = z.infer<typeof startSoloRoundRequestSchema>;

/** `guess` null ends a round whose time ran out without a guess: 0 points. */
export const placeGuessRequestSchema = z.object({
  roundIndex: z.number().int().min(0),
  guess: latLngSchema.nullable(),
});
export type PlaceGuessRequest = z.infer<typeof placeGuessRequestSchema>;

/** A round's result; `guess` and `distanceMeters` are null for a round whose time ran out without a guess. */
export const roundResultSchema = z.object({
  roundIndex: z.number().int().min(0),
  guess: latLngSchema.nullable(),
  target: latLngSchema,
  distanceMeters: z.number().nullable(),
  points: z.number().int(),
  targetCountryCode: z.string().nullable(),
  guessCountryCode: z.string().nullable(),
  timeTakenMs: z.number().int(),
});
export type RoundResult = z.infer<typeof roundResultSchema>;

export const placeGuessResponseSchema = z.object({
  result: roundResultSchema,
  totalPoints: z.number().int(),
});
export type PlaceGuessResponse = z.infer<typeof placeGuessResponseSchema>;

export const soloGameViewSchema = z.object({
  gameId: z.string(),
  playerId: z.string(),
  mapId: z.string(),
  mapName: z.string(),
  maxMapDistance: z.number(),
  startedAt: z.string(),
  totalPoints: z.number().int(),
  /** False once a round of the game is on imagery that is not answer-blind (Google Street View): unranked. */
  answerBlind: z.boolean(),
  /** Absent on games from before settings: no limits. */
  settings: soloSettingsSchema.optional(),
  /** The server's time when it answered. */
  now: z.string().optional(),
  rounds: z.array(soloRoundViewSchema.extend({ result: roundResultSchema.nullable() })),
});
export type SoloGameView = z.infer<typeof soloGameViewSchema>;

/** The opaque, same-origin address of a round's picture: the token says nothing about the place. */
export const panoramaPath = (token: string) => `/pano/${token}`;
