import { type PlayerHistoryDoc, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.playerHistories;

/** Each player's scored rounds per UTC day: `/user/userstats` and the profile's chart. Gone with the player. */
export const playerHistoryProjection = defineProjection({
  name: 'player-history',
  collections: [collection],
  indexes: [],
  handles: ['ScoreSubmitted', 'UserDeleted'],
  async apply({ event, position }, documents) {
    switch (event.type) {
      case 'ScoreSubmitted': {
        const { userId, points, submittedAt, targetCountryCode, guessCountryCode } = event.data;
        // Awaited only when not in memory; changed in place (the runner's own copy: projection.ts
        // DocumentReader): a copy of every day's totals at each round grew with the player's history.
        const got = documents.get<PlayerHistoryDoc>(collection, userId);
        const history = (got instanceof Promise ? await got : got) ?? { id: userId, days: {} };
        const day = submittedAt.slice(0, 10);
        const before = history.days[day] ?? { points: 0, games: 0, perfect: 0, countryHits: 0 };
        const hit = targetCountryCode !== null && guessCountryCode === targetCountryCode;
        history.days[day] = { points: before.points + points, games: before.games + 1, perfect: before.perfect + (points === 10_000 ? 1 : 0), countryHits: before.countryHits + (hit ? 1 : 0) };
        return [upsert(collection, history, position)];
      }
      case 'UserDeleted':
        return [remove(collection, event.data.userId)];
      default:
        return assertNever(event);
    }
  },
});
