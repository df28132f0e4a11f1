import { type ChallengeProgressDoc, formatLatLng, readModelCollections, servedHeading } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.challengeProgress;

export const progressId = (challengeId: string, userId: string) => `${challengeId}:${userId}`;

/** Each player's progress in each challenge: SPEC §3's spr/glpr/ra, the challenge's results, "my challenges". */
export const challengeProgressProjection = defineProjection({
  name: 'challenge-progress',
  collections: [collection],
  indexes: [
    { collection, fields: ['challengeId', ['totalPoints', 'desc']] },
    { collection, fields: ['userId', ['updatedAt', 'desc']] },
  ],
  handles: ['ChallengeJoined', 'ChallengeLeft', 'ChallengeRoundStarted', 'ChallengeRoundScored', 'ChallengeRated'],
  async apply({ event, position, createdAt }, documents) {
    const { challengeId, userId } = event.data;
    const id = progressId(challengeId, userId);
    const doc = await documents.get<ChallengeProgressDoc>(collection, id);
    const updatedAt = createdAt.toISOString();
    switch (event.type) {
      case 'ChallengeJoined': {
        if (doc) return [upsert(collection, { ...doc, joined: true, name: event.data.name, updatedAt }, position)];
        const fresh: ChallengeProgressDoc = {
          id,
          challengeId,
          userId,
          name: event.data.name,
          joined: true,
          spr: [],
          glpr: [],
          targets: [],
          rating: null,
          totalPoints: 0,
          rounds: 0,
          completed: false,
          current: null,
          updatedAt,
        };
        return [upsert(collection, fresh, position)];
      }
      case 'ChallengeLeft':
        return doc ? [upsert(collection, { ...doc, joined: false, current: null, updatedAt }, position)] : [];
      case 'ChallengeRoundStarted': {
        if (!doc) return [];
        const { roundIndex, panorama, startedAt, deadline, movement } = event.data;
        return [upsert(collection, { ...doc, current: { roundIndex, token: panorama.token, heading: servedHeading(panorama, movement), startedAt, deadline }, updatedAt }, position)];
      }
      case 'ChallengeRoundScored': {
        if (!doc) return [];
        const { points, guess, target, totalPoints, completed } = event.data;
        const scored: ChallengeProgressDoc = {
          ...doc,
          spr: [...doc.spr, points],
          glpr: [...doc.glpr, guess ? formatLatLng(guess) : ''],
          targets: [...doc.targets, formatLatLng(target)],
          totalPoints,
          rounds: doc.rounds + 1,
          completed,
          current: null,
          updatedAt,
        };
        return [upsert(collection, scored, position)];
      }
      case 'ChallengeRated':
        return doc ? [upsert(collection, { ...doc, rating: event.data.rating, updatedAt }, position)] : [];
      default:
        return assertNever(event);
    }
  },
});
