import type { LatLng, SoloGameView } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../../../lib/api/api-error';
import { placeGuess, soloGameQueryKey, startNextRound } from '../api/solo-game-api';

export function usePlaceGuess(gameId: string) {
  const queryClient = useQueryClient();
  const key = soloGameQueryKey(gameId);
  return useMutation({
    mutationFn: ({ roundIndex, guess }: { roundIndex: number; guess: LatLng | null }) => placeGuess(gameId, roundIndex, guess),
    onSuccess: ({ result, totalPoints }) => {
      queryClient.setQueryData<SoloGameView>(key, (game) =>
        game
          ? {
              ...game,
              totalPoints,
              rounds: game.rounds.map((round) => (round.roundIndex === result.roundIndex ? { ...round, result } : round)),
            }
          : game,
      );
    },
    onError: (error) => {
      // Guessed in another tab, or the round moved on: the server's view is the truth.
      if (isApiRequestError(error) && (error.code === 'round_already_guessed' || error.code === 'round_not_current')) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export function useNextRound(gameId: string) {
  const queryClient = useQueryClient();
  const key = soloGameQueryKey(gameId);
  return useMutation({
    mutationFn: (roundIndex: number) => startNextRound(gameId, roundIndex),
    onSuccess: (round) => {
      queryClient.setQueryData<SoloGameView>(key, (game) =>
        game && !game.rounds.some((known) => known.roundIndex === round.roundIndex)
          ? { ...game, rounds: [...game.rounds, { ...round, result: null }] }
          : game,
      );
    },
  });
}
