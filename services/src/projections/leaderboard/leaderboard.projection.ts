import { type LeaderboardEntryDoc, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.leaderboardPoints;

/** Points per player; the rank is counted at query time (players above + 1), so no write ever touches others. */
export const leaderboardProjection = defineProjection({
  name: 'leaderboard-points',
  collections: [collection],
  indexes: [{ collection, fields: ['ranked', ['points', 'desc']] }],
  handles: ['UserCreated', 'UserRegistered', 'ScoreSubmitted', 'UserDeleted'],
  async apply({ event, position }, documents) {
    switch (event.type) {
      case 'UserCreated': {
        const entry: LeaderboardEntryDoc = { id: event.data.userId, name: event.data.name, points: 0, ranked: !event.data.isAnonymous };
        return [upsert(collection, entry, position)];
      }
      case 'UserRegistered': {
        const entry = await documents.get<LeaderboardEntryDoc>(collection, event.data.userId);
        return entry ? [upsert(collection, { ...entry, name: event.data.name, ranked: true }, position)] : [];
      }
      case 'ScoreSubmitted': {
        const entry = await documents.get<LeaderboardEntryDoc>(collection, event.data.userId);
        return entry ? [upsert(collection, { ...entry, points: entry.points + event.data.points }, position)] : [];
      }
      case 'UserDeleted':
        return [remove(collection, event.data.userId)];
      default:
        return assertNever(event);
    }
  },
});
