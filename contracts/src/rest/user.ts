import { z } from 'zod';
import { tierValues } from '../rules/tiers.js';

export const userProfileViewSchema = z.object({
  uid: z.string(),
  name: z.string(),
  isAnonymous: z.boolean(),
  /** 1-based position on the points leaderboard; null for anonymous players, who are not ranked. */
  rank: z.number().int().min(1).nullable(),
  points: z.number().int(),
  level: z.number().int(),
  nGames: z.number().int(),
  /** Closest guess ever, in metres; null until a round has been submitted. */
  bestGuessInMeters: z.number().nullable(),
  bestCountryStreak: z.number().int(),
  currentCountryStreak: z.number().int(),
  /** Arena rating (Elo). */
  elo: z.number().int(),
  createdAt: z.string(),
  /** SPEC §3: daily visit streak and its best, daily challenge streak, its best and its last day (`YYYYMMDD`). */
  dvs: z.number().int(),
  dvsb: z.number().int(),
  dcs: z.number().int(),
  dcsb: z.number().int(),
  dcsd: z.string(),
  /** The challenge the player joined last and has not left, else null. */
  currentChallengeID: z.string().nullable(),
});
export type UserProfileView = z.infer<typeof userProfileViewSchema>;

export const publicProfileViewSchema = userProfileViewSchema
  .omit({ isAnonymous: true, currentCountryStreak: true, currentChallengeID: true })
  .extend({ photoUrl: z.string() });
export type PublicProfileView = z.infer<typeof publicProfileViewSchema>;

/**
 * SPEC §3 player info; unknown ids answer name 'Unknown' and an empty photo. `tier` is ours (the ranking
 * tier badge beside a player's name in live games and the arena): null for anonymous and unknown players.
 */
export const nameAndImageSchema = z.object({ name: z.string(), photoUrl: z.string(), isAnon: z.boolean(), tier: z.enum(tierValues).nullable() });
export type NameAndImage = z.infer<typeof nameAndImageSchema>;
export const UNKNOWN_PLAYER: NameAndImage = { name: 'Unknown', photoUrl: '', isAnon: false, tier: null };

export const deleteUserResponseSchema = z.object({ deleted: z.literal(true) });

/**
 * `GET /user/userstats/{id}/{t}/{g}` (docs/leaderboards.md): `t` the time period (all, month, week, day;
 * default all), `g` how the chart's series is grouped: `g` by game day (each UTC day played), `w` by ISO
 * week, `m` by month (default g).
 */
export const statsGroupValues = ['g', 'w', 'm'] as const;
export const statsGroupSchema = z.enum(statsGroupValues);
export type StatsGroup = z.infer<typeof statsGroupSchema>;

export const statsPointSchema = z.object({ bucket: z.string(), points: z.number().int(), games: z.number().int() });
export const userStatsSchema = z.object({
  uid: z.string(),
  name: z.string(),
  t: z.enum(['all', 'month', 'week', 'day']),
  g: statsGroupSchema,
  games: z.number().int(),
  points: z.number().int(),
  averagePoints: z.number().int(),
  /** Rounds scored 10,000 (within SPEC §9's top of the formula). */
  perfectRounds: z.number().int(),
  /** Rounds whose guess landed in the target's country. */
  countryHits: z.number().int(),
  bestGuessInMeters: z.number().nullable(),
  bestCountryStreak: z.number().int(),
  /** All-time level and tier, whatever the period. */
  level: z.number().int(),
  tier: z.enum(['bronze', 'silver', 'gold', 'platinum', 'diamond']),
  series: z.array(statsPointSchema),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/**
 * `GET /user/profile/changed?since={version}`: whether the own profile changed since the version the
 * client holds (a digest of the profile; the profile itself only when it changed).
 */
export const profileChangesSchema = z.object({ changed: z.boolean(), version: z.string(), profile: userProfileViewSchema.nullable() });
export type ProfileChanges = z.infer<typeof profileChangesSchema>;
