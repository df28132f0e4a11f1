import { z } from 'zod';
import { mapLocationSchema } from '../events/map-events.js';
import { challengeSchema } from '../rest/challenges.js';
import { mapEntrySchema } from '../rest/maps.js';
import { latLngSchema } from '../rules/geo.js';
import { movementSchema } from '../rest/panorama.js';
import { roundSceneSchema } from '../events/solo-events.js';
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
  /** SPEC §3's streaks and current challenge; absent on documents projected before challenges existed. */
  dvs: z.number().int().optional(),
  dvsb: z.number().int().optional(),
  dcs: z.number().int().optional(),
  dcsb: z.number().int().optional(),
  dcsd: z.string().optional(),
  currentChallengeID: z.string().nullable().optional(),
});
export type UserProfileDoc = z.infer<typeof userProfileDocSchema>;

/**
 * One signed-up player in one leaderboard scope (`{scope}~{userId}`), a scope being a period and a round
 * filter (`all|all`, `m2026-11|country:FR`, …; docs/leaderboards.md). Anonymous players have none.
 * `closeness` is minus the best guess's distance, so "closest first" sorts (and ranks) descending like the
 * others. `elo`, `dailyStreak` and `filters` (every filter the player has rows under) are on `all|all` only.
 */
export const leaderboardRowDocSchema = z.object({
  id: z.string(),
  scope: z.string(),
  userId: z.string(),
  name: z.string(),
  points: z.number().int(),
  games: z.number().int(),
  hasGuess: z.boolean(),
  bestGuess: z.number().nullable(),
  closeness: z.number().nullable(),
  countryStreak: z.number().int(),
  elo: z.number().int().nullable(),
  dailyStreak: z.number().int().nullable(),
  filters: z.array(z.string()).optional(),
});
export type LeaderboardRowDoc = z.infer<typeof leaderboardRowDocSchema>;

/**
 * One leaderboard scope (period × round filter, `{period}|{filter}`; the all-time one `all`): how many rows it
 * holds and how many of them have a guess (a page's total without counting them), and per sort field the
 * rows in each value bucket (bucket number → rows: ranks without counting everyone above, rank-buckets.ts).
 */
export const leaderboardScopeDocSchema = z.object({
  id: z.string(),
  rows: z.number().int(),
  withGuess: z.number().int(),
  counts: z.record(z.string(), z.record(z.string(), z.number().int())),
});
export type LeaderboardScopeDoc = z.infer<typeof leaderboardScopeDocSchema>;

/** The solo game view holds a round's target only once that round has a result. */
export const soloGameDocSchema = soloGameViewSchema.extend({ id: z.string() });
export type SoloGameDoc = z.infer<typeof soloGameDocSchema>;

export const readModelCollections = {
  userProfiles: 'user_profiles',
  leaderboardRows: 'leaderboard_rows',
  leaderboardScopes: 'leaderboard_scopes',
  playerHistories: 'player_histories',
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
  challenges: 'challenges',
  challengeAuthors: 'challenge_authors',
  challengeProgress: 'challenge_progress',
  challengeComments: 'challenge_comments',
  cheatingReports: 'cheating_reports',
  clientErrors: 'client_errors',
  duelGames: 'duel_games',
  duelHistory: 'duel_history',
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
  /** What the round lets its player do with the picture; absent means `move`. */
  movement: movementSchema.optional(),
  /** The round's `yawOffset`: every picture it serves is turned by it. Absent: not turned. */
  yawOffset: z.number().min(0).lt(360).optional(),
  /** The bearing the round's own picture's centre faces (PanoramaRef.centre). Absent: north. */
  centre: z.number().min(0).lt(360).optional(),
  /** The round's own scene of a painted picture (PanoramaRef.scene). Absent: the picture as it is. */
  scene: roundSceneSchema.optional(),
  /** Where the round's view starts (PanoramaRef.heading): an NMPZ round's window is cut around it. */
  heading: z.number().optional(),
  /** Which kind of round (absent on documents projected before it was recorded). */
  kind: z.enum(['solo', 'live', 'challenge']).optional(),
  /** A challenge round's player, and whether its clock runs (its pictures are fetched for them, first). */
  owner: z.string().optional(),
  timed: z.boolean().optional(),
  /**
   * A Blink round's picture is served only while it shows: a challenge round's until `hidesAt` (epoch ms),
   * a live round's while a player's own window is open (the game's PlayerStartedViewing) or once it ended.
   */
  blink: z.object({ hidesAt: z.number().optional() }).optional(),
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

/**
 * A challenge as its lists and page show it (never its targets): SPEC §3's settings plus counters.
 * `listed` is false for private challenges (`ip`), which only their link reaches; `ends` is `ed` or a
 * far-future value, so "ending soonest" sorts open-ended challenges last.
 */
export const challengeDocSchema = challengeSchema.omit({ rou: true, rating: true }).extend({
  authorChoseRounds: z.boolean(),
  listed: z.boolean(),
  ends: z.number().int(),
  ratingSum: z.number().int(),
  /** The average, 0 while unrated (so it sorts); the API answers null then. */
  rating: z.number(),
});
export type ChallengeDoc = z.infer<typeof challengeDocSchema>;

/**
 * One player's progress in one challenge (`{challengeId}:{userId}`). Server-only: `targets` are the
 * targets of the rounds the player has finished, and `current` the round they have open (with its
 * picture token, which only that player is given).
 */
export const challengeProgressDocSchema = z.object({
  id: z.string(),
  challengeId: z.string(),
  userId: z.string(),
  name: z.string(),
  joined: z.boolean(),
  spr: z.array(z.number().int()),
  glpr: z.array(z.string()),
  targets: z.array(z.string()),
  rating: z.number().int().nullable(),
  totalPoints: z.number().int(),
  rounds: z.number().int(),
  completed: z.boolean(),
  current: z
    .object({ roundIndex: z.number().int(), token: z.string(), heading: z.number(), startedAt: z.string(), deadline: z.string().nullable() })
    .nullable(),
  updatedAt: z.string(),
});
export type ChallengeProgressDoc = z.infer<typeof challengeProgressDocSchema>;

export const challengeCommentDocSchema = z.object({
  id: z.string(),
  challengeId: z.string(),
  userId: z.string(),
  name: z.string(),
  roundIndex: z.number().int(),
  comment: z.string(),
  at: z.string(),
});
export type ChallengeCommentDoc = z.infer<typeof challengeCommentDocSchema>;

/** One UTC day of a player's scored rounds. */
export const playerDaySchema = z.object({ points: z.number().int(), games: z.number().int(), perfect: z.number().int(), countryHits: z.number().int() });
export type PlayerDay = z.infer<typeof playerDaySchema>;

/** A signed-up player's scored rounds day by day (`YYYY-MM-DD` → totals): their stats and chart. About 60 bytes a day played. */
export const playerHistoryDocSchema = z.object({ id: z.string(), days: z.record(z.string(), playerDaySchema) });
export type PlayerHistoryDoc = z.infer<typeof playerHistoryDocSchema>;

/** A one-against-one duel being played: its mode and who joined, until it ends (duel-history read model). */
export const duelGameDocSchema = z.object({
  id: z.string(),
  gameT: z.enum(['D', 'L']),
  origin: z.enum(['private', 'lobby', 'arena', 'ghost']),
  mapName: z.string(),
  players: z.record(z.string(), z.object({ name: z.string(), isA: z.boolean() })),
  /** Rounds ended since the duel (re)started. */
  rounds: z.number().int().min(0),
});
export type DuelGameDoc = z.infer<typeof duelGameDocSchema>;

/** One finished duel as one of its players played it; id `{playerId}|{endedAt}|{gameId}`. */
export const duelHistoryDocSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  gameId: z.string(),
  endedAt: z.string(),
  gameT: z.enum(['D', 'L']),
  origin: z.enum(['private', 'lobby', 'arena', 'ghost']),
  mapName: z.string(),
  opponentId: z.string().nullable(),
  opponentName: z.string().nullable(),
  opponentAnonymous: z.boolean(),
  outcome: z.enum(['won', 'lost', 'draw']),
  hp: z.number().int().nullable(),
  opponentHp: z.number().int().nullable(),
  rounds: z.number().int().min(0),
});
export type DuelHistoryDoc = z.infer<typeof duelHistoryDocSchema>;
