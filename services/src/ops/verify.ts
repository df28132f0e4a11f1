import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import type { Document, ReadStore } from '../platform/read-store/read-store.port.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import type { Projection } from '../projections/projection.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { SharedSubscription } from '../projections/shared-subscription.js';
import { FROM_SCRATCH_RUNNER_OPTIONS } from './rebuild.js';

export interface Difference {
  collection: string;
  id: string;
  kind: 'missing' | 'extra' | 'different';
  /** For a different document: the top-level fields whose values differ. */
  fields: string[];
}

export interface VerifyReport {
  /** The event store's last position the rebuild went to. */
  position: bigint | null;
  compared: number;
  differences: Difference[];
}

/**
 * `npm run ops -- verify`: rebuilds every read model from the first event into a scratch store and compares
 * it, document by document, with the live one. Run it on a stopped game or one whose read models have
 * caught up (`projections` shows no lag): it compares as of the event store's last event. The read models
 * are projected as a rebuild projects them (one read of the log for all, large batches, no indexes: the
 * comparison reads by id), in less than half the time of projecting each one as the live app does (docs/testing.md).
 */
export async function verifyReadModels(events: EventStore, live: ReadStore, projections: readonly Projection[]): Promise<VerifyReport> {
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-verify-'));
  const scratch = SqliteReadStore.open(join(dir, 'read-models.sqlite'));
  try {
    const [head] = await events.readAll({ direction: 'backwards', maxCount: 1 });
    await projectFromScratch(events, scratch, projections, head?.position ?? null);
    const differences: Difference[] = [];
    let compared = 0;
    for (const collection of new Set(projections.flatMap((projection) => projection.collections))) {
      const everything = { sort: [['id', 'asc']] as Array<[string, 'asc']> };
      const [expected, actual] = await Promise.all([scratch.list(collection, everything), live.list(collection, everything)]);
      compared += Math.max(expected.length, actual.length);
      differences.push(...compare(collection, expected, actual));
    }
    return { position: head?.position ?? null, compared, differences };
  } finally {
    await scratch.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function projectFromScratch(events: EventStore, scratch: ReadStore, projections: readonly Projection[], head: bigint | null): Promise<void> {
  const shared = new SharedSubscription(events, projections.length, [...new Set(projections.flatMap((projection) => projection.handles))]);
  const runners = projections.map((projection) => new ProjectionRunner(projection, shared, scratch, FROM_SCRATCH_RUNNER_OPTIONS));
  try {
    await Promise.all(runners.map((runner) => runner.start()));
    if (head !== null) await Promise.all(runners.map((runner) => runner.waitFor(head, 24 * 3600_000)));
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
    await shared.close();
  }
}

/** The differences between the rebuilt documents and the live ones of one collection. */
export function compare(collection: string, rebuilt: readonly Document[], live: readonly Document[]): Difference[] {
  const liveById = new Map(live.map((document) => [document.id, document]));
  const differences: Difference[] = [];
  for (const document of rebuilt) {
    const found = liveById.get(document.id);
    liveById.delete(document.id);
    if (!found) {
      differences.push({ collection, id: document.id, kind: 'missing', fields: [] });
      continue;
    }
    const fields = [...new Set([...Object.keys(document), ...Object.keys(found)])].filter((field) => JSON.stringify(document[field]) !== JSON.stringify(found[field]));
    if (fields.length > 0) differences.push({ collection, id: document.id, kind: 'different', fields: fields.sort() });
  }
  for (const id of liveById.keys()) differences.push({ collection, id, kind: 'extra', fields: [] });
  return differences;
}

export function formatReport(report: VerifyReport, shown = 20): string {
  const head = `rebuilt every read model to position ${report.position ?? 'none'}; ${report.compared.toLocaleString('en')} documents compared`;
  if (report.differences.length === 0) return `${head}: the live read models are the same`;
  const lines = report.differences.slice(0, shown).map(({ collection, id, kind, fields }) =>
    kind === 'different' ? `  ${collection}/${id}: ${fields.join(', ')} differ` : kind === 'missing' ? `  ${collection}/${id}: missing from the live read model` : `  ${collection}/${id}: in the live read model only`,
  );
  const more = report.differences.length > shown ? [`  … and ${report.differences.length - shown} more`] : [];
  return [`${head}: ${report.differences.length} differences`, ...lines, ...more].join('\n');
}
