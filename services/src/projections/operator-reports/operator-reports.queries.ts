import { type OperatorReports, operatorReportsSchema, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { CheatingReportsDoc } from './operator-reports.projection.js';

/** Players with the most Developer Tools reports first, and the newest client failures. */
export async function operatorReports(reads: ReadStore, limit: number): Promise<OperatorReports> {
  const [cheating, latest, total] = await Promise.all([
    reads.list<CheatingReportsDoc>(readModelCollections.cheatingReports, { sort: [['count', 'desc']], limit }),
    reads.list<OperatorReports['clientErrors']['latest'][number]>(readModelCollections.clientErrors, { sort: [['at', 'desc']], limit }),
    reads.count(readModelCollections.clientErrors),
  ]);
  return operatorReportsSchema.parse({
    cheating: cheating.map(({ id, count, lastAt }) => ({ userId: id, count, lastAt })),
    clientErrors: { total, latest },
  });
}
