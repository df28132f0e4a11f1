import { type MapLocation, type MapLocationDoc, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { pictureLocation } from '../../domain/map/map-locations.js';
import type { WriteOperation } from '../../platform/read-store/read-store.port.js';
import { defineProjection, remove, upsert } from '../projection.js';

const locations = readModelCollections.mapLocations;
const counts = readModelCollections.mapLocationCounts;

interface LocationCountDoc {
  id: string;
  count: number;
  [field: string]: unknown;
}

/**
 * Every map's locations, one document each (`{mapId}:{idx}`), so a batch of 10 or a random draw is an
 * indexed read and no read ever loads a whole map. Server-only: these are the answers. The projection
 * keeps each map's count of its own, to remove the locations a replacement or a deletion leaves over.
 */
export const mapLocationsProjection = defineProjection({
  name: 'map-locations',
  collections: [locations, counts],
  indexes: [{ collection: locations, fields: ['mapId', 'idx'] }],
  handles: ['MapCreated', 'MapLocationsAdded', 'MapLocationsReplaced', 'MapDeleted'],
  async apply({ event, position }, documents) {
    switch (event.type) {
      case 'MapCreated': {
        if (event.version === 2) return [upsert(counts, { id: event.data.mapId, count: 0 } satisfies LocationCountDoc, position)];
        const { mapId, pictures } = event.data;
        return [...pictures.map((picture, idx) => upsert(locations, locationDoc(mapId, idx, pictureLocation(picture)), position)), upsert(counts, { id: mapId, count: pictures.length }, position)];
      }
      case 'MapLocationsAdded': {
        const { mapId, from } = event.data;
        const known = (await documents.get<LocationCountDoc>(counts, mapId))?.count ?? 0;
        const writes: WriteOperation[] = event.data.locations.map((location, k) => upsert(locations, locationDoc(mapId, from + k, location), position));
        return [...writes, upsert(counts, { id: mapId, count: Math.max(known, from + event.data.locations.length) }, position)];
      }
      case 'MapLocationsReplaced': {
        // The new locations overwrite indexes from 0 as they come; those past the new count go now.
        const { mapId, locationCount } = event.data;
        const known = (await documents.get<LocationCountDoc>(counts, mapId))?.count ?? 0;
        return [...removeRange(mapId, locationCount, known), upsert(counts, { id: mapId, count: Math.min(known, locationCount) }, position)];
      }
      case 'MapDeleted': {
        const { mapId } = event.data;
        const known = (await documents.get<LocationCountDoc>(counts, mapId))?.count ?? 0;
        return [...removeRange(mapId, 0, known), remove(counts, mapId)];
      }
      default:
        return assertNever(event);
    }
  },
});

export const locationDocId = (mapId: string, idx: number) => `${mapId}:${idx}`;

function locationDoc(mapId: string, idx: number, location: MapLocation): MapLocationDoc {
  const { picture, ...place } = location;
  return { id: locationDocId(mapId, idx), mapId, idx, ...place, ...(picture ? { provider: picture.provider, imageId: picture.imageId } : {}) };
}

function removeRange(mapId: string, from: number, to: number): WriteOperation[] {
  const writes: WriteOperation[] = [];
  for (let idx = from; idx < to; idx++) writes.push(remove(locations, locationDocId(mapId, idx)));
  return writes;
}
