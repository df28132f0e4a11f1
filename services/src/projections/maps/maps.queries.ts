import { type MapDoc, type MapSummary, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

const collection = readModelCollections.maps;

export const summaryOf = (doc: MapDoc): MapSummary => ({ mapId: doc.id, name: doc.name, locations: doc.pictures.length, region: doc.region, creatorId: doc.creatorId });

/** What anyone may know of a saved map: never its pictures. */
export async function mapSummary(reads: ReadStore, mapId: string): Promise<MapSummary | null> {
  const doc = await reads.get<MapDoc>(collection, mapId);
  return doc ? summaryOf(doc) : null;
}

/** Server-only: the whole map, pictures included, for the map catalog. */
export function savedMap(reads: ReadStore, mapId: string): Promise<MapDoc | null> {
  return reads.get<MapDoc>(collection, mapId);
}
