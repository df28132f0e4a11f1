import { type MapLikeDoc, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.mapLikes;

export const mapLikeId = (userId: string, mapId: string) => `${userId}:${mapId}`;

/** Who likes which map (`{userId}:{mapId}`): a player's liked maps, and the `liked` flag of signed-in lists. */
export const mapLikesProjection = defineProjection({
  name: 'map-likes',
  collections: [collection],
  indexes: [{ collection, fields: ['userId', ['likedAt', 'desc']] }],
  handles: ['MapLiked', 'MapUnliked'],
  async apply({ event, position }) {
    switch (event.type) {
      case 'MapLiked': {
        const { mapId, userId, likedAt } = event.data;
        return [upsert(collection, { id: mapLikeId(userId, mapId), userId, mapId, likedAt } satisfies MapLikeDoc, position)];
      }
      case 'MapUnliked':
        return [remove(collection, mapLikeId(event.data.userId, event.data.mapId))];
      default:
        return assertNever(event);
    }
  },
});
