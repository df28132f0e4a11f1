import { z } from 'zod';
import { mapLocationSchema } from '../events/map-events.js';
import { mapEntrySchema } from '../rest/maps.js';
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
  mapLocations: 'map_locations',
  mapLocationCounts: 'map_location_counts',
  mapLikes: 'map_likes',
  mapSearchTerms: 'map_search_terms',
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

/**
 * A map of the catalogue: what its entry shows, plus `section` (which list it is in: 'world' and
 * 'featured' for the preset maps, 'community' for authors' maps; null while a preset map is still being
 * seeded, or once deleted) and `sortName` (its name as search compares it).
 */
export const mapDocSchema = mapEntrySchema.omit({ liked: true }).extend({
  id: z.string(),
  region: z.string().nullable(),
  /** The list it belongs in once complete. */
  listIn: z.enum(['world', 'featured', 'community']),
  section: z.enum(['world', 'featured', 'community']).nullable(),
  sortName: z.string(),
  /** Locations the map will hold once complete (`loc` counts those in so far). */
  declared: z.number().int(),
  deleted: z.boolean(),
  /** The search terms it is indexed under (see map_search_terms), so a change rewrites exactly those. */
  terms: z.array(z.string()),
});
export type MapDoc = z.infer<typeof mapDocSchema>;

/** One location of a map (`{mapId}:{idx}`): a batch of 10 is an indexed read, never the whole map. Server-only. */
export const mapLocationDocSchema = mapLocationSchema
  .omit({ picture: true })
  .extend({ id: z.string(), mapId: z.string(), idx: z.number().int().min(0), provider: z.string().optional(), imageId: z.string().optional() });
export type MapLocationDoc = z.infer<typeof mapLocationDocSchema>;

/** A player's like (`{userId}:{mapId}`), for "liked maps" and the `liked` flag. */
export const mapLikeDocSchema = z.object({ id: z.string(), userId: z.string(), mapId: z.string(), likedAt: z.string() });
export type MapLikeDoc = z.infer<typeof mapLikeDocSchema>;

/**
 * Search index (`{mapId}:{term}`): one document per prefix of the map's name read from the start of each
 * word, carrying the fields the lists sort by, so a search page is one indexed range of its term.
 */
export const mapSearchTermDocSchema = mapDocSchema.pick({ mapId: true, likes: true, plays: true, createdAt: true, updatedAt: true, sortName: true, loc: true }).extend({
  id: z.string(),
  term: z.string(),
});
export type MapSearchTermDoc = z.infer<typeof mapSearchTermDocSchema>;
