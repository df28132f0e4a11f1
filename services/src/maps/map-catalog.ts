import type { MapContent, MapDoc } from '@globetrail/contracts';
import type { DrawnLocation } from '../imagery/round-pictures.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import { asMapLocation, locationsAt } from '../projections/map-locations/map-locations.queries.js';
import { mapDoc } from '../projections/maps/maps.queries.js';

export interface GameMap {
  id: string;
  name: string;
  maxMapDistance: number;
  content: MapContent;
  /** How many locations it holds. */
  size: number;
  /** The locations at these indexes, in that order: an indexed read, never the whole map. */
  at(indexes: readonly number[]): Promise<DrawnLocation[]>;
}

/** The default map (SPEC §9's World): every populated place GeoNames lists, seeded at first start. */
export const DEFAULT_MAP_ID = 'world';

/** What an image map records as its region (features/image-maps): its pictures are its author's own. */
export const IMAGE_MAP_REGION = 'image';

/**
 * The maps a game can be played on: every map of the catalogue (the maps read model) that is complete
 * and not deleted, its locations read a few at a time from the map-locations read model.
 */
export class MapCatalog {
  constructor(private readonly reads: ReadStore) {}

  /** A playable map, or null for one that is unknown, deleted or still being seeded. */
  async get(id: string): Promise<GameMap | null> {
    const doc = await mapDoc(this.reads, id);
    return doc && playable(doc) ? this.gameMap(doc) : null;
  }

  private gameMap(doc: MapDoc): GameMap {
    const reads = this.reads;
    return {
      id: doc.id,
      name: doc.mapName,
      maxMapDistance: doc.mmd,
      content: doc.mc,
      size: doc.loc,
      async at(indexes) {
        return (await locationsAt(reads, doc.id, indexes)).map((location) => ({ idx: location.idx, location: asMapLocation(location) }));
      },
    };
  }
}

const playable = (doc: MapDoc) => !doc.deleted && doc.section !== null && doc.loc > 0;
