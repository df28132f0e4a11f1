import { type ChallengeCommentDoc, readModelCollections } from '@globetrail/contracts';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.challengeComments;

/** Players' comments on a challenge's rounds, newest first. */
export const challengeCommentsProjection = defineProjection({
  name: 'challenge-comments',
  collections: [collection],
  indexes: [{ collection, fields: ['challengeId', ['at', 'desc']] }],
  handles: ['ChallengeCommented'],
  async apply({ event, position }) {
    const { commentId, challengeId, userId, name, roundIndex, comment, commentedAt } = event.data;
    return [upsert(collection, { id: commentId, challengeId, userId, name, roundIndex, comment, at: commentedAt } satisfies ChallengeCommentDoc, position)];
  },
});
