import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPointsLeaderboard } from '../api/leaderboard-api';

export function useLeaderboard(page: number) {
  return useQuery({
    queryKey: ['leaderboard', 'points', page],
    queryFn: ({ signal }) => getPointsLeaderboard(page, signal),
    placeholderData: keepPreviousData,
  });
}
