import { type StatsGroup, type TimePeriod, userStatsSchema } from '@globetrail/contracts';
import { apiGet } from './api-client';

/** SPEC §7 `GET /user/userstats/{id}/{t}/{g}`. */
export function getUserStats(userId: string, t: TimePeriod, g: StatsGroup, signal?: AbortSignal) {
  return apiGet(`/user/userstats/${encodeURIComponent(userId)}/${t}/${g}`, userStatsSchema, signal ? { signal } : {});
}

/** The cache key of a player's stats (every period and group below it). */
export const userStatsQueryKey = (userId: string) => ['user-stats', userId] as const;
