import { LOCATIONS_PER_BATCH, type MapLocation, type MapLocationDoc, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

const collection = readModelCollections.mapLocations;

/** Batch `batch` of a map's locations in the map's order: one indexed range of 10. */
export function locationBatch(reads: ReadStore, mapId: string, batch: number): Promise<MapLocationDoc[]> {
  const from = batch * LOCATIONS_PER_BATCH;
  return reads.list<MapLocationDoc>(collection, { filter: { mapId, idx: { $gte: from, $lt: from + LOCATIONS_PER_BATCH } }, sort: [['idx', 'asc']], limit: LOCATIONS_PER_BATCH });
}

/** The locations at these indexes (those that exist), in the order asked. */
export async function locationsAt(reads: ReadStore, mapId: string, indexes: readonly number[]): Promise<MapLocationDoc[]> {
  if (indexes.length === 0) return [];
  // Sorted by idx, the order of the (mapId, idx) index: sorted by id, SQLite would rather walk every
  // location of every map in id order than sort ten rows.
  const found = await reads.list<MapLocationDoc>(collection, { filter: { mapId, idx: { $in: [...indexes] } }, sort: [['idx', 'asc']] });
  const byIndex = new Map(found.map((doc) => [doc.idx, doc]));
  return indexes.flatMap((idx) => byIndex.get(idx) ?? []);
}

/** Every location of a map (the map editor, for its author: at most MAP_LIMITS.maxLocations). */
export function allLocations(reads: ReadStore, mapId: string): Promise<MapLocationDoc[]> {
  return reads.list<MapLocationDoc>(collection, { filter: { mapId }, sort: [['idx', 'asc']] });
}

/** A location document as the map's location again. */
export function asMapLocation(doc: MapLocationDoc): MapLocation {
  const { lat, lng, heading, pitch, zoom, panoId, provider, imageId } = doc;
  return {
    lat,
    lng,
    ...(heading === undefined ? {} : { heading }),
    ...(pitch === undefined ? {} : { pitch }),
    ...(zoom === undefined ? {} : { zoom }),
    ...(panoId === undefined ? {} : { panoId }),
    ...(provider && imageId ? { picture: { provider, imageId } } : {}),
  };
}
