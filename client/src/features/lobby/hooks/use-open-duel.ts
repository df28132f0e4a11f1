import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { createGame, gamePath } from '../../../lib/live/create-game';

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
