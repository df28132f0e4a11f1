import { DEFAULT_MAX_MAP_DISTANCE_METERS } from '@globetrail/contracts';
import type { PanoramaCandidate } from '../imagery/imagery.port.js';

export interface GameMap {
  id: string;
  name: string;
  maxMapDistance: number;
  /** Pictures rounds are drawn from. */
  locations(): readonly PanoramaCandidate[];
}

export const DEFAULT_MAP_ID = 'world';

/**
 * The maps a game can be played on. For now one built-in map over every picture in the local image store
 * (the generated sample set plus any added images); user-made maps arrive with the map editor.
 */
export class MapCatalog {
  private readonly maps: Map<string, GameMap>;

  constructor(localPictures: () => readonly PanoramaCandidate[]) {
    const world: GameMap = { id: DEFAULT_MAP_ID, name: 'World', maxMapDistance: DEFAULT_MAX_MAP_DISTANCE_METERS, locations: localPictures };
    this.maps = new Map([[world.id, world]]);
  }

  get(id: string): GameMap | null {
    return this.maps.get(id) ?? null;
  }
}
