import { useMutation } from '@tanstack/react-query';
import { createGame, gamePath } from '../../../lib/live/create-game';
import { useNavigate } from '../../../lib/routing/navigation';

export interface OpenDuelVariables {
  mElo: number | null;
  rl: number;
}

/** Opens a duel listed in the lobby, then goes to its waiting room. */
export function useOpenDuel() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ mElo, rl }: OpenDuelVariables) => createGame({ gameT: 'D', listInLobby: true, mElo, rl }),
    onSuccess: ({ gameId }) => navigate(gamePath(gameId)),
  });
}
