import type { LeaderboardSort } from '@globetrail/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FilterPref } from '../../../lib/storage/filter-pref';
import { getLeaderboard, getMyLeaderboardEntry } from '../api/leaderboard-api';

export function useLeaderboard(sortBy: LeaderboardSort, pref: FilterPref) {
  return useQuery({
    queryKey: ['leaderboard', sortBy, pref],
    queryFn: ({ signal }) => getLeaderboard(sortBy, pref, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyLeaderboardEntry(sortBy: LeaderboardSort, pref: FilterPref, enabled: boolean) {
  const { currentPage: _page, ...scope } = pref;
  return useQuery({ queryKey: ['leaderboard', 'me', sortBy, scope], queryFn: ({ signal }) => getMyLeaderboardEntry(sortBy, pref, signal), enabled });
}
