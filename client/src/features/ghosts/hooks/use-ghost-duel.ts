import { useMutation, useQuery } from '@tanstack/react-query';
import { gamePath } from '../../../lib/live/create-game';
import { useNavigate } from '../../../lib/routing/navigation';
import { createGhostDuel, getGhostSource } from '../api/ghosts-api';

export function useGhostSource(gameId: string) {
  return useQuery({ queryKey: ['ghosts', gameId], queryFn: ({ signal }) => getGhostSource(gameId, signal), retry: false });
}

/** Starts a duel against a recorded player's ghost, then goes to the game (it starts at once). */
export function useStartGhostDuel() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: { gameId: string; playerId: string } | { challengeId: string; playerId?: string }) => createGhostDuel(request),
    onSuccess: ({ gameId }) => navigate(gamePath(gameId)),
  });
}
