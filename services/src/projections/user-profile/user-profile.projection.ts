import { LIVE, readModelCollections, type UserProfileDoc } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.userProfiles;

export const userProfileProjection = defineProjection({
  name: 'user-profile',
  collections: [collection],
  indexes: [],
  handles: ['UserCreated', 'UserRegistered', 'ScoreSubmitted', 'UserDeleted', 'EloRatingChanged'],
  async apply({ event, position }, documents) {
    switch (event.type) {
      case 'UserCreated': {
        const { userId, name, isAnonymous, createdAt } = event.data;
        const profile: UserProfileDoc = { id: userId, name, isAnonymous, points: 0, nGames: 0, bestGuessInMeters: null, bestCountryStreak: 0, currentCountryStreak: 0, elo: LIVE.eloStart, createdAt };
        return [upsert(collection, profile, position)];
      }
      case 'UserRegistered': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        return profile ? [upsert(collection, { ...profile, name: event.data.name, isAnonymous: false }, position)] : [];
      }
      case 'ScoreSubmitted': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        if (!profile) return [];
        const { points, bestGuessInMeters, bestCountryStreak, currentCountryStreak } = event.data;
        const updated: UserProfileDoc = { ...profile, points: profile.points + points, nGames: profile.nGames + 1, bestGuessInMeters, bestCountryStreak, currentCountryStreak };
        return [upsert(collection, updated, position)];
      }
      case 'UserDeleted':
        return [remove(collection, event.data.userId)];
      case 'EloRatingChanged': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        return profile ? [upsert(collection, { ...profile, elo: event.data.after }, position)] : [];
      }
      default:
        return assertNever(event);
    }
  },
});
