import { type ChallengeDoc, isBlink, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.challenges;
const authors = readModelCollections.challengeAuthors;

/**
 * A player's public challenges in the public lists at once: their newest this many. An older one leaves the
 * lists when a newer one comes (its link, its page and the author's own list keep it), so no one player's
 * challenges fill a page however many they make (issue 27: 50 in a second once filled the first page).
 * The day's challenges, the server's own, are not counted.
 */
export const LISTED_PER_AUTHOR = 3;

/** Per author: their listed public challenges, oldest first. */
type AuthorListing = {
  id: string;
  listed: string[];
};

/** Far beyond any `ed`: open-ended challenges sort last by "ending soonest". */
export const NEVER_ENDS = 9_999_999_999;

/** The challenges' lists and pages: settings and counters, never a target. */
export const challengesProjection = defineProjection({
  name: 'challenges',
  collections: [collection, authors],
  indexes: [
    { collection, fields: ['listed', ['createdAt', 'desc']] },
    { collection, fields: ['listed', ['players', 'desc']] },
    { collection, fields: ['listed', ['rating', 'desc']] },
    { collection, fields: ['listed', 'ends'] },
    { collection, fields: ['aid', ['createdAt', 'desc']] },
    { collection, fields: ['daily'] },
  ],
  handles: ['ChallengeCreated', 'ChallengeJoined', 'ChallengeRoundScored', 'ChallengeRated', 'ChallengeCommented'],
  async apply({ event, position, revision }, documents) {
    if (event.type === 'ChallengeCreated') {
      const { challengeId, authorId, authorName, rules, mapId, mapName, mapContent, maxMapDistance, rounds, daily, authorChoseRounds, createdAt } = event.data;
      const doc: ChallengeDoc = {
        id: challengeId,
        aid: authorId,
        an: authorName,
        mid: mapId,
        mn: mapName,
        mc: mapContent === 'image' ? 'image' : null,
        mmd: maxMapDistance,
        nr: rounds.length,
        ...rules,
        bl: isBlink(rules.rl),
        daily,
        authorChoseRounds,
        createdAt,
        listed: !rules.ip,
        ends: rules.ed ?? NEVER_ENDS,
        players: 0,
        completions: 0,
        ratingSum: 0,
        ratings: 0,
        rating: 0,
        comments: 0,
      };
      if (!doc.listed || daily !== null) return [upsert(collection, doc, position)];
      const listing = (await documents.get<AuthorListing>(authors, authorId)) ?? { id: authorId, listed: [] };
      const listed = [...listing.listed.filter((id) => id !== challengeId), challengeId];
      const writes = [upsert(collection, doc, position)];
      while (listed.length > LISTED_PER_AUTHOR) {
        const older = await documents.get<ChallengeDoc>(collection, listed.shift()!);
        if (older?.listed) writes.push(upsert(collection, { ...older, listed: false }, position));
      }
      return [...writes, upsert(authors, { id: authorId, listed } satisfies AuthorListing, position)];
    }
    const doc = await documents.get<ChallengeDoc>(collection, event.data.challengeId);
    if (!doc) return [];
    switch (event.type) {
      case 'ChallengeJoined':
        // A player's stream starts with their first join; joining again after leaving is the same player.
        return revision === 0n ? [upsert(collection, { ...doc, players: doc.players + 1 }, position)] : [];
      case 'ChallengeRoundScored':
        return event.data.completed ? [upsert(collection, { ...doc, completions: doc.completions + 1 }, position)] : [];
      case 'ChallengeRated': {
        const ratingSum = doc.ratingSum + event.data.rating;
        const ratings = doc.ratings + 1;
        return [upsert(collection, { ...doc, ratingSum, ratings, rating: Math.round((ratingSum / ratings) * 100) / 100 }, position)];
      }
      case 'ChallengeCommented':
        return [upsert(collection, { ...doc, comments: doc.comments + 1 }, position)];
      default:
        return assertNever(event);
    }
  },
});
