import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { printLogsAs } from '../platform/logging/logger.js';
import { LeaseLostError } from '../platform/read-store/leases.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { changesOf, type CommittedChange } from './projections.js';
import { allProjections } from './all-projections.js';
import { Projections } from './projections.js';
import type { FromProjections, ProjectionsThreadData, ToProjections } from './projections-thread.protocol.js';

// Entry of the projections' thread (see ProjectionsOnThread): every projection of allProjections, on its
// own connections to the app's event store (read only: the app's thread writes) and read store.
const port = parentPort;
if (!port) throw new Error('projections.worker runs inside a worker thread');
const { eventsFile, readsFile, batchWindowMs, holder, log } = workerData as ProjectionsThreadData;
if (log) printLogsAs(log);
const events = SqliteEventStore.open(eventsFile, { writerScript: null });
const reads = SqliteReadStore.open(readsFile);
const projections = new Projections(allProjections, events, reads, { batchWindowMs }, holder ? { holder } : undefined);
const post = (message: FromProjections) => port.postMessage(message);
const asError = (error: unknown) => {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  return { name, message };
};

// Progress goes out at most once a turn of this thread's loop, however many batches it holds.
const listened = new Set<string>();
let positions: Record<string, bigint> = {};
let commits: Array<{ name: string; changes: CommittedChange[] }> = [];
let flushing = false;
const flush = () => {
  flushing = false;
  post({ type: 'progress', positions, commits });
  positions = {};
  commits = [];
};
for (const projection of allProjections) {
  const name = projection.name;
  projections.runner(name).observe({
    processed(position, writes) {
      positions[name] = position;
      if (writes.length > 0 && listened.has(name)) commits.push({ name, changes: changesOf(writes) });
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    },
    // A lease lost to another projector is no failure: this one stands by and follows (projector-leases.ts).
    failed: (error) => error instanceof LeaseLostError || post({ type: 'failed', name, error: asError(error) }),
  });
}

port.on('message', (message: ToProjections) => {
  switch (message.type) {
    case 'wake':
      return events.checkForNewEvents();
    case 'hurry':
      // The position waited for may not have been read yet: look now rather than at the next wake.
      events.checkForNewEvents();
      return projections.runner(message.name).hurry(message.position);
    case 'listen':
      return void listened.add(message.name);
    case 'rebuild':
      return void projections.rebuild(message.names ?? undefined).then(
        () => {
          // The app's thread still holds the old run's positions, and progress not yet sent may hold the
          // last of them (from the old run's stop): both are replaced by where the new run stands.
          const rebuilt: Record<string, bigint | null> = {};
          for (const name of message.names ?? allProjections.map((projection) => projection.name)) {
            const position = projections.runner(name).position;
            rebuilt[name] = position;
            if (position === null) delete positions[name];
            else positions[name] = position;
          }
          post({ type: 'done', id: message.id, positions: rebuilt });
        },
        (error: unknown) => post({ type: 'done', id: message.id, error: asError(error) }),
      );
    case 'stop':
      return void (async () => {
        try {
          await projections.stop();
          await events.close();
          await reads.close();
          if (flushing) flush();
          post({ type: 'done', id: message.id });
        } catch (error) {
          post({ type: 'done', id: message.id, error: asError(error) });
        }
        port.close();
      })();
  }
});

await projections.start();
post({ type: 'started', positions: Object.fromEntries(allProjections.map((projection) => [projection.name, projections.runner(projection.name).position])) });
