import { type LeaderboardSort, leaderboardMeSchema, leaderboardPageSchema } from '@globetrail/contracts';
import { apiGet } from '../../../lib/api/api-client';
import { type FilterPref, leaderboardQueryOf } from '../../../lib/storage/filter-pref';

export const LEADERBOARD_PAGE_SIZE = 20;

export function getLeaderboard(sortBy: LeaderboardSort, pref: FilterPref, signal?: AbortSignal) {
  return apiGet(`/leaderboard/${sortBy}?${leaderboardQueryOf(pref, LEADERBOARD_PAGE_SIZE)}`, leaderboardPageSchema, signal ? { signal } : {});
}

/** "My rank" with the same period and filter (the page is left out: it plays no part). */
export function getMyLeaderboardEntry(sortBy: LeaderboardSort, pref: FilterPref, signal?: AbortSignal) {
  const query = leaderboardQueryOf(pref, LEADERBOARD_PAGE_SIZE);
  query.delete('page');
  query.delete('pageSize');
  return apiGet(`/leaderboard/${sortBy}/me?${query}`, leaderboardMeSchema, { auth: true, ...(signal ? { signal } : {}) });
}
