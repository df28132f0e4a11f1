import { type ArenaRatingDoc, isUserEvent, LIVE, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { type Projection, remove, upsert } from '../projection.js';

const collection = readModelCollections.arenaRatings;

/** Every player's arena rating; rank is counted when read, among signed-up (`rated`) players. */
export const arenaRatingsProjection: Projection = {
  name: 'arena-ratings',
  collections: [collection],
  indexes: [{ collection, fields: ['rated', ['elo', 'desc']] }],
  async apply({ event, position }, documents) {
    if (!isUserEvent(event)) return [];
    switch (event.type) {
      case 'UserCreated': {
        const doc: ArenaRatingDoc = { id: event.data.userId, name: event.data.name, elo: LIVE.eloStart, games: 0, rated: !event.data.isAnonymous };
        return [upsert(collection, doc, position)];
      }
      case 'UserRegistered': {
        const doc = await documents.get<ArenaRatingDoc>(collection, event.data.userId);
        return doc ? [upsert(collection, { ...doc, name: event.data.name, rated: true }, position)] : [];
      }
      case 'EloRatingChanged': {
        const doc = await documents.get<ArenaRatingDoc>(collection, event.data.userId);
        return doc ? [upsert(collection, { ...doc, elo: event.data.after, games: doc.games + 1 }, position)] : [];
      }
      case 'UserDeleted':
        return [remove(collection, event.data.userId)];
      case 'ScoreSubmitted':
        return [];
      default:
        return assertNever(event);
    }
  },
};
