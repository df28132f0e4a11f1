import { useQuery } from '@tanstack/react-query';
import { cachedPlayerInfo, lookUpPlayer, type SeenPlayer } from './player-info';

/**
 * A player's name, photo and tier for an avatar or a roster row (SPEC §4's lookup rules, player-info.ts).
 * The key holds the anonymous flag, so a guest who signs up during a game is looked up at once.
 */
export function usePlayerInfo(id: string, seen: SeenPlayer) {
  return useQuery({
    queryKey: ['player-info', id, seen.isAnon],
    queryFn: ({ signal }) => lookUpPlayer(id, seen, signal),
    initialData: () => cachedPlayerInfo(id, seen) ?? undefined,
    staleTime: Infinity,
  });
}
