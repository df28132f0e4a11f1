import { z } from 'zod';
import { latLngSchema } from '../rules/geo.js';
import { movementSchema } from './panorama.js';

export const startSoloGameRequestSchema = z.object({
  mapId: z.string().min(1).max(64).optional(),
  /** A shared location (route loc/{lat,lng}) to play as the first round. */
  at: latLngSchema.optional(),
});
export type StartSoloGameRequest = z.infer<typeof startSoloGameRequestSchema>;

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
});
export type SoloRoundView = z.infer<typeof soloRoundViewSchema>;

export const startSoloGameResponseSchema = z.object({
  gameId: z.string(),
  mapId: z.string(),
  mapName: z.string(),
  maxMapDistance: z.number(),
  /** False once a round of the game is on imagery that is not answer-blind (Google Street View): unranked. */
  answerBlind: z.boolean(),
  round: soloRoundViewSchema,
});
export type StartSoloGameResponse = z.infer<typeof startSoloGameResponseSchema>;

export const startSoloRoundRequestSchema = z.object({
  /** The index of the round to start: a retried request for the same index starts nothing new. */
  roundIndex: z.number().int().min(1),
  at: latLngSchema.optional(),
});
export type StartSoloRoundRequest = z.infer<typeof startSoloRoundRequestSchema>;

export const placeGuessRequestSchema = z.object({
  roundIndex: z.number().int().min(0),
  guess: latLngSchema,
});
export type PlaceGuessRequest = z.infer<typeof placeGuessRequestSchema>;

export const roundResultSchema = z.object({
  roundIndex: z.number().int().min(0),
  guess: latLngSchema,
  target: latLngSchema,
  distanceMeters: z.number(),
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
  rounds: z.array(soloRoundViewSchema.extend({ result: roundResultSchema.nullable() })),
});
export type SoloGameView = z.infer<typeof soloGameViewSchema>;

/** The opaque, same-origin address of a round's picture: the token says nothing about the place. */
export const panoramaPath = (token: string) => `/pano/${token}`;
