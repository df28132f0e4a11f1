import { useQuery } from '@tanstack/react-query';
import { getSoloGame, soloGameQueryKey } from '../api/solo-game-api';

/** The game as the server holds it; after a reload it tells whether the player is still guessing. */
export function useSoloGame(gameId: string) {
  return useQuery({
    queryKey: soloGameQueryKey(gameId),
    queryFn: ({ signal }) => getSoloGame(gameId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
