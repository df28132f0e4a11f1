import { type MapDoc, readModelCollections } from '@globetrail/contracts';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.maps;

/**
 * Maps saved from the generator, one document each. The pictures stay in the document for the server's
 * map catalog (rounds are drawn from them); queries for clients return summaries without them.
 */
export const mapsProjection = defineProjection({
  name: 'maps',
  collections: [collection],
  indexes: [],
  handles: ['MapCreated'],
  async apply({ event, position }) {
    const { mapId, name, region, creatorId, pictures, createdAt } = event.data;
    return [upsert(collection, { id: mapId, name, region, creatorId, pictures, createdAt } satisfies MapDoc, position)];
  },
});
