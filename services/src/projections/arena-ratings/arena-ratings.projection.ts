import { type ArenaRatingDoc, LIVE, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.arenaRatings;

/** Every player's arena rating; rank is counted when read, among signed-up (`rated`) players. */
export const arenaRatingsProjection = defineProjection({
  name: 'arena-ratings',
  collections: [collection],
  indexes: [{ collection, fields: ['rated', ['elo', 'desc']] }],
  handles: ['UserCreated', 'UserRegistered', 'UserRenamed', 'EloRatingChanged', 'UserDeleted'],
  async apply({ event, position }, documents) {
    switch (event.type) {
      case 'UserCreated': {
        const doc: ArenaRatingDoc = { id: event.data.userId, name: event.data.name, elo: LIVE.eloStart, games: 0, rated: !event.data.isAnonymous };
        return [upsert(collection, doc, position)];
      }
      case 'UserRegistered': {
        const doc = await documents.get<ArenaRatingDoc>(collection, event.data.userId);
        return doc ? [upsert(collection, { ...doc, name: event.data.name, rated: true }, position)] : [];
      }
      case 'UserRenamed': {
        const doc = await documents.get<ArenaRatingDoc>(collection, event.data.userId);
        return doc ? [upsert(collection, { ...doc, name: event.data.name }, position)] : [];
      }
      case 'EloRatingChanged': {
        const doc = await documents.get<ArenaRatingDoc>(collection, event.data.userId);
        return doc ? [upsert(collection, { ...doc, elo: event.data.after, games: doc.games + 1 }, position)] : [];
      }
      case 'UserDeleted':
        return [remove(collection, event.data.userId)];
      default:
        return assertNever(event);
    }
  },
});
