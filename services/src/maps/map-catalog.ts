import { DEFAULT_MAX_MAP_DISTANCE_METERS, type MapDoc, type MapSummary } from '@globetrail/contracts';
import type { PanoramaCandidate } from '../imagery/imagery.port.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import { savedMap, summaryOf } from '../projections/maps/maps.queries.js';
import { maxMapDistanceOf } from './map-extent.js';

export interface GameMap {
  id: string;
  name: string;
  maxMapDistance: number;
  /** Pictures rounds are drawn from. */
  locations(): readonly PanoramaCandidate[];
  /** An image map: rounds play its own pictures as they are, never a provider's picture near them. */
  ownPictures?: boolean;
}

export const DEFAULT_MAP_ID = 'world';

/** What an image map records as its region (features/image-maps): its pictures are its author's own. */
export const IMAGE_MAP_REGION = 'image';

/** Saved maps never change (MapCreated is their only event), so a loaded one can be kept as it is. */
const CACHED_SAVED_MAPS = 64;

/**
 * The maps a game can be played on: the built-in world map over every picture in the local image store
 * (the generated sample set plus any added images), and the maps saved from the generator (the `maps`
 * read model), whose locations are the pictures the generator found.
 */
export class MapCatalog {
  private readonly world: GameMap;
  /** Most recently used last. */
  private readonly saved = new Map<string, GameMap>();

  constructor(
    private readonly localPictures: () => readonly PanoramaCandidate[],
    private readonly reads: ReadStore,
  ) {
    this.world = { id: DEFAULT_MAP_ID, name: 'World', maxMapDistance: DEFAULT_MAX_MAP_DISTANCE_METERS, locations: localPictures };
  }

  async get(id: string): Promise<GameMap | null> {
    if (id === DEFAULT_MAP_ID) return this.world;
    const cached = this.saved.get(id);
    if (cached) {
      this.saved.delete(id);
      this.saved.set(id, cached);
      return cached;
    }
    const doc = await savedMap(this.reads, id);
    if (!doc) return null;
    const map = gameMapOf(doc);
    this.saved.set(id, map);
    if (this.saved.size > CACHED_SAVED_MAPS) this.saved.delete(this.saved.keys().next().value!);
    return map;
  }

  /** What anyone may know of a map: its name and size, never its locations. */
  async summary(id: string): Promise<MapSummary | null> {
    if (id === DEFAULT_MAP_ID) return { mapId: DEFAULT_MAP_ID, name: this.world.name, locations: this.localPictures().length, region: null, creatorId: null };
    const doc = await savedMap(this.reads, id);
    return doc ? summaryOf(doc) : null;
  }
}

function gameMapOf(doc: MapDoc): GameMap {
  const locations: readonly PanoramaCandidate[] = doc.pictures.map(({ provider, imageId, location, heading }) => ({ provider, imageId, location, heading }));
  return {
    id: doc.id,
    name: doc.name,
    maxMapDistance: maxMapDistanceOf(locations.map((picture) => picture.location)),
    locations: () => locations,
    ownPictures: doc.region === IMAGE_MAP_REGION,
  };
}
