import { type DomainEvent, type PlayerHistoryDoc, readModelCollections } from '@globetrail/contracts';
import type { WriteOperation } from '../../platform/read-store/read-store.port.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.playerHistories;

/** Each player's scored rounds per UTC day: `/user/userstats` and the profile's chart. Gone with the player. */
export const playerHistoryProjection = defineProjection({
  name: 'player-history',
  collections: [collection],
  indexes: [],
  handles: ['ScoreSubmitted', 'UserDeleted'],
  apply({ event, position }, documents) {
    if (event.type === 'UserDeleted') return [remove(collection, event.data.userId)];
    // Without a promise when the history is in memory (most rounds of a rebuild).
    const got = documents.get<PlayerHistoryDoc>(collection, event.data.userId);
    return got instanceof Promise ? got.then((history) => scored(history, event.data, position)) : scored(got, event.data, position);
  },
});

/**
 * The round added to its day's totals, in place (the runner's own copy: projection.ts DocumentReader): a
 * copy of every day's totals at each round grew with the player's history.
 */
function scored(history: PlayerHistoryDoc | null, round: Extract<DomainEvent, { type: 'ScoreSubmitted' }>['data'], position: bigint): WriteOperation[] {
  const { userId, points, submittedAt, targetCountryCode, guessCountryCode } = round;
  const doc = history ?? { id: userId, days: {} };
  const day = submittedAt.slice(0, 10);
  const before = doc.days[day] ?? { points: 0, games: 0, perfect: 0, countryHits: 0 };
  const hit = targetCountryCode !== null && guessCountryCode === targetCountryCode;
  doc.days[day] = { points: before.points + points, games: before.games + 1, perfect: before.perfect + (points === 10_000 ? 1 : 0), countryHits: before.countryHits + (hit ? 1 : 0) };
  return [upsert(collection, doc, position)];
}
