import type { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import type { LeaseHolder } from '../platform/read-store/leases.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import { compiledWorkerBeside } from '../platform/workers/compiled-worker.js';
import { allProjections } from './all-projections.js';
import { PROJECTION_BATCH_WINDOW_MS, Projections, type ProjectionsPort } from './projections.js';
import { ProjectionsOnThread } from './projections-on-thread.js';

export interface EmbeddedProjectionsOptions {
  events: SqliteEventStore;
  eventsFile: string;
  reads: ReadStore;
  readsFile: string;
  /** The compiled projections.worker.js; default the one beside this module when running compiled. */
  workerScript?: URL | null;
  /** How long a read model's batch gathers events (default PROJECTION_BATCH_WINDOW_MS). */
  batchWindowMs?: number;
  /** Project under leases as this holder (projector-leases.ts); without, unleased. */
  holder?: LeaseHolder;
}

/**
 * The embedded app's projections: on a thread of their own when the code runs compiled (`npm start`), or
 * on the calling thread when it runs from its TypeScript sources (jest), where no compiled worker exists.
 */
export function openEmbeddedProjections({
  events,
  eventsFile,
  reads,
  readsFile,
  workerScript = compiledWorkerBeside(import.meta.url, 'projections.worker'),
  batchWindowMs = PROJECTION_BATCH_WINDOW_MS,
  holder,
}: EmbeddedProjectionsOptions): ProjectionsPort {
  if (!workerScript) return new Projections(allProjections, events, reads, { batchWindowMs }, holder ? { holder } : undefined);
  const thread = new ProjectionsOnThread(
    allProjections.map((projection) => projection.name),
    workerScript,
    { eventsFile, readsFile, batchWindowMs, holder: holder ?? null },
  );
  events.onCommitted(() => thread.wake());
  return thread;
}
