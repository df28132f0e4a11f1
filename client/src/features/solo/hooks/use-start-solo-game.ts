import type { LatLng, SoloGameView, StartSoloGameResponse } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSession } from '../../../lib/session/session-store';
import { incrementGameCounter } from '../../../lib/storage/game-counter';
import { rememberLastGame } from '../../../lib/storage/last-game';
import { soloGameQueryKey, startSoloGame } from '../api/solo-game-api';

/** Shared by every caller, so the layout can follow a start that outlives the screen that asked for it. */
export const START_SOLO_MUTATION_KEY = ['solo', 'start'] as const;

export interface StartSoloVariables {
  /** A shared location (route loc/{lat,lng}) to play as the first round. */
  at?: LatLng;
  /** A saved map to play (one made with the generator); the default map otherwise. */
  mapId?: string;
}

export function useStartSoloGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: START_SOLO_MUTATION_KEY,
    mutationFn: (variables: StartSoloVariables) => startSoloGame(variables),
    onSuccess: (started) => {
      const uid = getSession()?.user.uid ?? '';
      queryClient.setQueryData(soloGameQueryKey(started.gameId), gameViewFromStart(started, uid));
      incrementGameCounter();
      if (uid) rememberLastGame(started.gameId, uid);
    },
  });
}

/** The start answer already holds everything the game screen shows first: no extra GET needed. */
function gameViewFromStart(started: StartSoloGameResponse, playerId: string): SoloGameView {
  return {
    gameId: started.gameId,
    playerId,
    mapId: started.mapId,
    mapName: started.mapName,
    maxMapDistance: started.maxMapDistance,
    startedAt: started.round.startedAt,
    totalPoints: 0,
    answerBlind: started.answerBlind,
    rounds: [{ ...started.round, result: null }],
  };
}
