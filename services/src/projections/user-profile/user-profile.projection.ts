import { LIVE, readModelCollections, type UserProfileDoc } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.userProfiles;

export const userProfileProjection = defineProjection({
  name: 'user-profile',
  collections: [collection],
  indexes: [],
  handles: ['UserCreated', 'UserRegistered', 'UserRenamed', 'ScoreSubmitted', 'UserDeleted', 'EloRatingChanged', 'DailyVisitRecorded', 'DailyChallengeStreakChanged', 'ChallengeJoined', 'ChallengeLeft'],
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
      case 'UserRenamed': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        return profile ? [upsert(collection, { ...profile, name: event.data.name }, position)] : [];
      }
      case 'ScoreSubmitted': {
        // The event of most of the log: awaited only when not in memory, and changed in place (the
        // runner's own copy: projection.ts DocumentReader).
        const got = documents.get<UserProfileDoc>(collection, event.data.userId);
        const profile = got instanceof Promise ? await got : got;
        if (!profile) return [];
        const { points, bestGuessInMeters, bestCountryStreak, currentCountryStreak } = event.data;
        profile.points += points;
        profile.nGames += 1;
        profile.bestGuessInMeters = bestGuessInMeters;
        profile.bestCountryStreak = bestCountryStreak;
        profile.currentCountryStreak = currentCountryStreak;
        return [upsert(collection, profile, position)];
      }
      case 'UserDeleted':
        return [remove(collection, event.data.userId)];
      case 'EloRatingChanged': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        return profile ? [upsert(collection, { ...profile, elo: event.data.after }, position)] : [];
      }
      case 'DailyVisitRecorded': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        return profile ? [upsert(collection, { ...profile, dvs: event.data.dvs, dvsb: event.data.dvsb }, position)] : [];
      }
      case 'DailyChallengeStreakChanged': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        const { dcs, dcsb, dcsd } = event.data;
        return profile ? [upsert(collection, { ...profile, dcs, dcsb, dcsd }, position)] : [];
      }
      case 'ChallengeJoined': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        return profile ? [upsert(collection, { ...profile, currentChallengeID: event.data.challengeId }, position)] : [];
      }
      case 'ChallengeLeft': {
        const profile = await documents.get<UserProfileDoc>(collection, event.data.userId);
        // Leaving a challenge that is no longer the current one leaves the current one as it is.
        if (!profile || profile.currentChallengeID !== event.data.challengeId) return [];
        return [upsert(collection, { ...profile, currentChallengeID: null }, position)];
      }
      default:
        return assertNever(event);
    }
  },
});
