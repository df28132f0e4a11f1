import { z } from 'zod';
import { coastalInlandValues, coverageValues, urbanRuralValues } from '../maps/map-categories.js';
import { tierValues } from '../rules/tiers.js';

/**
 * The seven leaderboard sorts (route `leaderboard/{leaderboardSortBy}`, docs/leaderboards.md): points,
 * level (orders as points do, shows levels), games (rounds scored), best single guess (closest first),
 * longest country streak, arena Elo, best daily-challenge streak.
 */
export const leaderboardSortValues = ['points', 'level', 'games', 'bestGuess', 'countryStreak', 'elo', 'dailyStreak'] as const;
export const leaderboardSortSchema = z.enum(leaderboardSortValues);
export type LeaderboardSort = z.infer<typeof leaderboardSortSchema>;

/** Sorts of what a player did in rounds: they have a time period and round filters. The others are all-time. */
export const roundSorts: ReadonlySet<LeaderboardSort> = new Set(['points', 'level', 'games', 'bestGuess', 'countryStreak']);

/** SPEC §3's timePeriod: the current UTC calendar day, ISO week (from Monday) or month, or all time. */
export const timePeriodValues = ['all', 'month', 'week', 'day'] as const;
export const timePeriodSchema = z.enum(timePeriodValues);
export type TimePeriod = z.infer<typeof timePeriodSchema>;

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals, such as FR');
const all = <T extends z.ZodType>(schema: T) => z.union([z.literal('all'), schema]);

/**
 * SPEC §3's leaderboard filters (the `fitlerPref` key). `country`: rounds whose target was in that country;
 * the map filters: rounds played on maps of that category; `countryStreakOnly`: rounds on maps eligible for
 * country streaks. One round filter at a time (docs/leaderboards.md).
 */
export const leaderboardQuerySchema = z
  .object({
    period: timePeriodSchema.default('all'),
    country: all(countryCode).default('all'),
    mapCoverage: all(z.enum(coverageValues)).default('all'),
    mapUrbanRural: all(z.enum(urbanRuralValues)).default('all'),
    mapCoastalInland: all(z.enum(coastalInlandValues)).default('all'),
    mapRegionalFocusByCountry: all(countryCode).default('all'),
    countryStreakOnly: z.enum(['true', 'false']).default('false'),
    page: z.coerce.number().int().min(0).max(10_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine((query, ctx) => {
    const filters = (['country', 'mapCoverage', 'mapUrbanRural', 'mapCoastalInland', 'mapRegionalFocusByCountry'] as const).filter((key) => query[key] !== 'all');
    if (query.countryStreakOnly === 'true') filters.push('countryStreakOnly' as never);
    if (filters.length > 1) ctx.addIssue({ code: 'custom', path: [filters[1]!], message: `one filter at a time: ${filters[0]} is already set` });
  });
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;
export type LeaderboardQueryInput = z.output<typeof leaderboardQuerySchema>;

/** The round filter a query names, as the read model keys it ('all' for none). */
export function leaderboardFilterKey(query: LeaderboardQueryInput): string {
  if (query.country !== 'all') return `country:${query.country}`;
  if (query.mapCoverage !== 'all') return `coverage:${query.mapCoverage}`;
  if (query.mapUrbanRural !== 'all') return `urbanRural:${query.mapUrbanRural}`;
  if (query.mapCoastalInland !== 'all') return `coastalInland:${query.mapCoastalInland}`;
  if (query.mapRegionalFocusByCountry !== 'all') return `focus:${query.mapRegionalFocusByCountry}`;
  if (query.countryStreakOnly === 'true') return 'streak:yes';
  return 'all';
}

export const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  uid: z.string(),
  name: z.string(),
  /** What the sort orders by: points, level, rounds, metres, streak days, Elo or days. */
  value: z.number(),
  points: z.number().int(),
  level: z.number().int(),
  tier: z.enum(tierValues),
  games: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardPageSchema = z.object({
  sortBy: leaderboardSortSchema,
  period: timePeriodSchema,
  /** The round filter as the read model keys it ('all', 'country:FR', 'coverage:world', …). */
  filter: z.string(),
  page: z.number().int().min(0),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  entries: z.array(leaderboardEntrySchema),
});
export type LeaderboardPage = z.infer<typeof leaderboardPageSchema>;

/** "My rank" on a sort, period and filter; `entry` is null while the player has nothing there. */
export const leaderboardMeSchema = z.object({ sortBy: leaderboardSortSchema, period: timePeriodSchema, filter: z.string(), entry: leaderboardEntrySchema.nullable() });
export type LeaderboardMe = z.infer<typeof leaderboardMeSchema>;
