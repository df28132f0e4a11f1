import type { SoloGameView, StartSoloGameResponse } from '@globetrail/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { movementSettings } from '../../../components/round-settings-fields';
import { isApiRequestError } from '../../../lib/api/api-error';
import { soloRulesAtom } from '../../../lib/settings/settings-atoms';
import { forgetDefaultMap, readDefaultMap } from '../../../lib/storage/default-map';
import type { StartSoloVariables } from '../hooks/use-start-solo-game';
import { soloGameQueryKey, startSoloGame } from './solo-game-api';

/**
 * A start that names no map (Play, a returning visit) plays the player's default map (SPEC §3, chosen in
 * the maps selector); a default map that no longer plays (deleted) is forgotten and World plays instead.
 */
export async function startOnDefaultMap(start: StartSoloVariables): Promise<StartSoloGameResponse> {
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
export function cacheStartedGame(queryClient: QueryClient, started: StartSoloGameResponse, playerId: string): void {
  const view: SoloGameView = {
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
  queryClient.setQueryData(soloGameQueryKey(started.gameId), view);
}
