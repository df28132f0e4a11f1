import { readModelCollections, type RoundPanoramaDoc } from '@globetrail/contracts';
import { type Projection, upsert } from '../projection.js';

const collection = readModelCollections.roundPanoramas;

/** Server-only lookup from a round's opaque panorama token to the picture it shows. */
export const roundPanoramasProjection: Projection = {
  name: 'round-panoramas',
  collections: [collection],
  indexes: [],
  async apply({ event, position }) {
    if (event.type !== 'SoloRoundStarted') return [];
    const { panorama, gameId, roundIndex } = event.data;
    const doc: RoundPanoramaDoc = { id: panorama.token, provider: panorama.provider, imageId: panorama.imageId, gameId, roundIndex };
    return [upsert(collection, doc, position)];
  },
};
