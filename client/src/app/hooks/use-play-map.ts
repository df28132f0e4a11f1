import type { PlayMap } from '../../features/maps/hooks/play-map';
import { useStartSoloGame } from '../../features/solo/hooks/use-start-solo-game';
import { useErrorMessage } from '../../lib/api/use-error-message';
import { writeDefaultMap } from '../../lib/storage/default-map';
import { useNavigate } from '../../lib/routing/navigation';

/** Starts a single-player game on a map and opens it; the map becomes the player's default (SPEC §3). */
export function usePlayMap(onStarted?: () => void): PlayMap {
  const navigate = useNavigate();
  const start = useStartSoloGame();
  const errorMessage = useErrorMessage();
  return {
    play: (map) =>
      start.mutate(
        { mapId: map.mapId },
        {
          onSuccess: (started) => {
            writeDefaultMap({ mapId: map.mapId, mapName: map.mapName });
            onStarted?.();
            navigate(`/game/${encodeURIComponent(started.gameId)}`);
          },
        },
      ),
    pendingMapId: start.isPending ? (start.variables?.mapId ?? null) : null,
    error: start.isError ? errorMessage(start.error) : null,
  };
}
