import { parentPort, workerData } from 'node:worker_threads';
import { openEventStore, openReadStore } from '../app/stores.js';
import { printLogsAs } from '../platform/logging/logger.js';
import { allProjections } from '../projections/all-projections.js';
import { rebuildReadModels } from './rebuild.js';
import type { FromRebuild, RebuildThreadData, ToRebuild } from './rebuild-on-thread.js';

// Entry of a rebuild's thread (see rebuildOnThread): its own connections to the stores the app uses.
const port = parentPort;
if (!port) throw new Error('rebuild.worker runs inside a worker thread');
const { stores, names, graceMs, memory, log } = workerData as RebuildThreadData;
if (log) printLogsAs(log);
const post = (message: FromRebuild) => port.postMessage(message);
const abort = new AbortController();
port.on('message', (message: ToRebuild) => {
  if (message.type === 'abort') abort.abort(new Error(message.reason));
});

const events = await openEventStore(stores, { writerThread: false });
const reads = await openReadStore(stores);
try {
  const chosen = allProjections.filter((projection) => names.includes(projection.name));
  const results = await rebuildReadModels(events, reads, chosen, { signal: abort.signal, ...(graceMs === undefined ? {} : { graceMs }), ...(memory ? { cachedDocuments: memory.cachedDocuments } : {}), onProgress: (progress) => post({ type: 'progress', progress }) });
  post({ type: 'done', results });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
} finally {
  await events.close();
  await reads.close();
  port.close();
}
