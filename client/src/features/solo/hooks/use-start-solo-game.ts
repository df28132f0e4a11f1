import type { LatLng, SoloGameView, StartSoloGameResponse } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { movementSettings } from '../../../components/round-settings-fields';
import { soloRulesAtom } from '../../../lib/settings/settings-atoms';
import { isApiRequestError } from '../../../lib/api/api-error';
import { getSession } from '../../../lib/session/session-store';
import { forgetDefaultMap, readDefaultMap } from '../../../lib/storage/default-map';
import { incrementGameCounter } from '../../../lib/storage/game-counter';
import { rememberLastGame } from '../../../lib/storage/last-game';
import { soloGameQueryKey, startSoloGame } from '../api/solo-game-api';

/** Shared by every caller, so the layout can follow a start that outlives the screen that asked for it. */
export const START_SOLO_MUTATION_KEY = ['solo', 'start'] as const;

export interface StartSoloVariables {
  /** A shared location (route loc/{lat,lng}) to play as the first round. */
  at?: LatLng;
  /** The map to play; the player's default map (else World) when absent. */
  mapId?: string;
}

export function useStartSoloGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: START_SOLO_MUTATION_KEY,
    mutationFn: (variables: StartSoloVariables) => startOnDefaultMap(variables),
    onSuccess: (started) => {
      const uid = getSession()?.user.uid ?? '';
      queryClient.setQueryData(soloGameQueryKey(started.gameId), gameViewFromStart(started, uid));
      incrementGameCounter();
      if (uid) rememberLastGame(started.gameId, uid);
    },
  });
}

/**
 * A start that names no map (Play, a returning visit) plays the player's default map (SPEC §3, chosen in
 * the maps selector); a default map that no longer plays (deleted) is forgotten and World plays instead.
 */
async function startOnDefaultMap(start: StartSoloVariables): Promise<StartSoloGameResponse> {
  const rules = getDefaultStore().get(soloRulesAtom);
  const variables = { ...start, ...movementSettings(rules.movement), rl: rules.rl, gat: rules.gat };
  const fallback = start.mapId === undefined && start.at === undefined ? readDefaultMap() : null;
  if (!fallback) return startSoloGame(variables);
  try {
    return await startSoloGame({ ...variables, mapId: fallback.mapId });
  } catch (error) {
    if (!(isApiRequestError(error) && error.status === 404 && error.field === 'mapId')) throw error;
    forgetDefaultMap();
    return startSoloGame(variables);
  }
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
    settings: started.settings,
    rounds: [{ ...started.round, result: null }],
  };
}
