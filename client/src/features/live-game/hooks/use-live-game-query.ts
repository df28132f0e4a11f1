import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getLiveGame, liveGameQueryKey, type LiveGameState } from '../api/live-game-api';
import { shouldReplace } from './live-game-cache';

export async function fetchLiveGameState(queryClient: QueryClient, gameId: string, signal?: AbortSignal): Promise<LiveGameState> {
  const view = await getLiveGame(gameId, signal);
  const held = queryClient.getQueryData<LiveGameState>(liveGameQueryKey(gameId));
  return held && !shouldReplace(held.view, view, 'fetch') ? held : { view, receivedAt: Date.now() };
}

/** The live game as this viewer may see it; pushes and acks keep the same cache entry current. */
export function useLiveGameQuery(gameId: string, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: liveGameQueryKey(gameId),
    queryFn: ({ signal }) => fetchLiveGameState(queryClient, gameId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
