import type { CreateGameRequest } from '@globetrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { createGame, gamePath } from '../../../lib/live/create-game';
import { useNavigate } from '../../../lib/routing/navigation';

/** Creates a private game (the creator hosts it) and opens its waiting room. */
export function useCreateGame(onCreated: () => void) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: CreateGameRequest) => createGame(request),
    onSuccess: ({ gameId }) => {
      onCreated();
      navigate(gamePath(gameId));
    },
  });
}
