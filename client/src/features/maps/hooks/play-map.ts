import type { MapEntry } from '@globetrail/contracts';

/**
 * What a screen showing maps needs to play one. The app provides it (app/hooks/use-play-map.ts), so this
 * feature never reaches into the single-player one.
 */
export interface PlayMap {
  play: (map: Pick<MapEntry, 'mapId' | 'mapName'>) => void;
  /** The map whose game is starting, if any. */
  pendingMapId: string | null;
  error: string | null;
}
