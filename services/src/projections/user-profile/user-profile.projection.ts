import { type DomainEvent, LIVE, readModelCollections, type UserProfileDoc } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import type { WriteOperation } from '../../platform/read-store/read-store.port.js';
import { defineProjection, type DocumentReader, remove, upsert } from '../projection.js';

const collection = readModelCollections.userProfiles;
const HANDLES = ['UserCreated', 'UserRegistered', 'UserRenamed', 'ScoreSubmitted', 'UserDeleted', 'EloRatingChanged', 'DailyVisitRecorded', 'DailyChallengeStreakChanged', 'ChallengeJoined', 'ChallengeLeft'] as const;
type ProfileEvent = Extract<DomainEvent, { type: (typeof HANDLES)[number] }>;

export const userProfileProjection = defineProjection({
  name: 'user-profile',
  collections: [collection],
  indexes: [],
  handles: HANDLES,
  apply({ event, position }, documents) {
    if (event.type !== 'ScoreSubmitted') return otherEvent(event, position, documents);
    // The event of most of the log: without a promise when the profile is in memory, and changed in place
    // (the runner's own copy: projection.ts DocumentReader).
    const got = documents.get<UserProfileDoc>(collection, event.data.userId);
    return got instanceof Promise ? got.then((profile) => scored(profile, event.data, position)) : scored(got, event.data, position);
  },
});

function scored(profile: UserProfileDoc | null, round: Extract<DomainEvent, { type: 'ScoreSubmitted' }>['data'], position: bigint): WriteOperation[] {
  if (!profile) return [];
  profile.points += round.points;
  profile.nGames += 1;
  profile.bestGuessInMeters = round.bestGuessInMeters;
  profile.bestCountryStreak = round.bestCountryStreak;
  profile.currentCountryStreak = round.currentCountryStreak;
  return [upsert(collection, profile, position)];
}

async function otherEvent(event: Exclude<ProfileEvent, { type: 'ScoreSubmitted' }>, position: bigint, documents: DocumentReader): Promise<WriteOperation[]> {
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
}
