import { z } from 'zod';
import { mapPictureSchema } from '../events/map-events.js';
import { latLngSchema } from '../rules/geo.js';
import { soloGameViewSchema } from '../rest/solo.js';

/**
 * Documents as the projections store them. Derived figures (rank, level) are computed when read, so a
 * point change for one player never rewrites anyone else's document.
 */
export const userProfileDocSchema = z.object({
  id: z.string(),
  name: z.string(),
  isAnonymous: z.boolean(),
  points: z.number().int(),
  nGames: z.number().int(),
  bestGuessInMeters: z.number().nullable(),
  bestCountryStreak: z.number().int(),
  currentCountryStreak: z.number().int(),
  /** Arena rating (Elo); everyone starts at 1000. */
  elo: z.number().int(),
  createdAt: z.string(),
});
export type UserProfileDoc = z.infer<typeof userProfileDocSchema>;

/** Every player has an entry; only signed-up ones are `ranked` (anonymous players are never listed). */
export const leaderboardEntryDocSchema = z.object({
  id: z.string(),
  name: z.string(),
  points: z.number().int(),
  ranked: z.boolean(),
});
export type LeaderboardEntryDoc = z.infer<typeof leaderboardEntryDocSchema>;

/** The solo game view holds a round's target only once that round has a result. */
export const soloGameDocSchema = soloGameViewSchema.extend({ id: z.string() });
export type SoloGameDoc = z.infer<typeof soloGameDocSchema>;

export const readModelCollections = {
  userProfiles: 'user_profiles',
  leaderboardPoints: 'leaderboard_points',
  soloGames: 'solo_games',
  roundPanoramas: 'round_panoramas',
  openDuels: 'open_duels',
  arenaRatings: 'arena_ratings',
  liveGames: 'live_games',
  maps: 'maps',
} as const;

/** A lobby duel waiting for its opponent. */
export const openDuelDocSchema = z.object({
  id: z.string(),
  host: z.object({ id: z.string(), name: z.string(), elo: z.number().int().nullable() }),
  mElo: z.number().int().nullable(),
  rl: z.number().int(),
  players: z.number().int(),
  createdAt: z.string(),
});
export type OpenDuelDoc = z.infer<typeof openDuelDocSchema>;

/** Arena ratings of every player; only signed-up ones are `rated` (ranked). */
export const arenaRatingDocSchema = z.object({ id: z.string(), name: z.string(), elo: z.number().int(), games: z.number().int(), rated: z.boolean() });
export type ArenaRatingDoc = z.infer<typeof arenaRatingDocSchema>;

/** Server-only: which picture an opaque panorama token stands for. Never sent to a client. */
export const roundPanoramaDocSchema = z.object({
  id: z.string(),
  provider: z.string(),
  imageId: z.string(),
  gameId: z.string(),
  roundIndex: z.number().int(),
  /**
   * Where the picture was taken (the round's target), for the bearings of its moves. Documents projected
   * before movement lack it until the projection is rebuilt; their pictures offer no moves.
   */
  location: latLngSchema.optional(),
});
export type RoundPanoramaDoc = z.infer<typeof roundPanoramaDocSchema>;

/** A map saved from the generator. Server-only as a whole: its pictures are the answers (clients get MapSummary). */
export const mapDocSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  creatorId: z.string(),
  pictures: z.array(mapPictureSchema),
  createdAt: z.string(),
});
export type MapDoc = z.infer<typeof mapDocSchema>;
