import type { LatLng } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importWithRetry } from '../../../lib/errors/module-import';
import { getSession } from '../../../lib/session/session-store';
import { incrementGameCounter } from '../../../lib/storage/game-counter';
import { rememberLastGame } from '../../../lib/storage/last-game';

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
    mutationFn: async (variables: StartSoloVariables) => {
      // The solo API and its schemas are not part of the welcome screen: they come with the first start.
      const solo = await importWithRetry(() => import('../api/solo-start'));
      const started = await solo.startOnDefaultMap(variables);
      const uid = getSession()?.user.uid ?? '';
      solo.cacheStartedGame(queryClient, started, uid);
      incrementGameCounter();
      if (uid) rememberLastGame(started.gameId, uid);
      return started;
    },
  });
}
