import { leaderboardPageSchema } from '@globetrail/contracts';
import { apiGet } from '../../../lib/api/api-client';

export const LEADERBOARD_PAGE_SIZE = 20;

export function getPointsLeaderboard(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(LEADERBOARD_PAGE_SIZE) });
  return apiGet(`/leaderboard/points?${query}`, leaderboardPageSchema, signal ? { signal } : {});
}
