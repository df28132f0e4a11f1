import { readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const cheating = readModelCollections.cheatingReports;
const clientErrors = readModelCollections.clientErrors;

export type CheatingReportsDoc = { id: string; count: number; lastAt: string };

/**
 * What operators watch (GET /ops/reports): SPEC §8's Developer Tools reports counted per player, and the
 * failures browsers reported. A deleted player's count goes with their profile.
 */
export const operatorReportsProjection = defineProjection({
  name: 'operator-reports',
  collections: [cheating, clientErrors],
  indexes: [
    { collection: cheating, fields: [['count', 'desc']] },
    { collection: clientErrors, fields: [['at', 'desc']] },
  ],
  handles: ['CheatingReported', 'ClientErrorReported', 'UserDeleted'],
  async apply({ event, position }, documents) {
    switch (event.type) {
      case 'CheatingReported': {
        const previous = await documents.get<CheatingReportsDoc>(cheating, event.data.userId);
        return [upsert(cheating, { id: event.data.userId, count: (previous?.count ?? 0) + 1, lastAt: event.data.at } satisfies CheatingReportsDoc, position)];
      }
      case 'ClientErrorReported': {
        const { reportId, ...report } = event.data;
        return [upsert(clientErrors, { id: reportId, ...report }, position)];
      }
      case 'UserDeleted':
        return [remove(cheating, event.data.userId)];
      default:
        return assertNever(event);
    }
  },
});
