import { Worker } from 'node:worker_threads';
import { openEventStore, openReadStore, type StoresIn } from '../app/stores.js';
import { compiledWorkerBeside } from '../platform/workers/compiled-worker.js';
import { allProjections } from '../projections/all-projections.js';
import { rebuildReadModels, type RebuildProgress, type RebuildResult } from './rebuild.js';

export interface RebuildThreadData {
  stores: StoresIn;
  names: string[];
  graceMs?: number;
}
export type ToRebuild = { type: 'abort'; reason: string };
export type FromRebuild = { type: 'progress'; progress: RebuildProgress } | { type: 'done'; results: RebuildResult[] } | { type: 'failed'; message: string };

export interface RunningRebuild {
  done: Promise<RebuildResult[]>;
  abort(reason: string): void;
}

/**
 * A rebuild started by the api (`POST /ops/rebuild`) on a thread of its own, with its own connections,
 * so that projecting the whole log never holds up the requests of the process's event loop. From
 * TypeScript sources (jest) no compiled worker exists and it runs on the calling thread
 * (compiled-worker.ts); `workerScript` names one explicitly.
 */
export function rebuildOnThread(
  data: RebuildThreadData,
  onProgress: (progress: RebuildProgress) => void,
  workerScript: URL | null = compiledWorkerBeside(import.meta.url, 'rebuild.worker'),
): RunningRebuild {
  if (!workerScript) return rebuildHere(data, onProgress);
  const worker = new Worker(workerScript, { workerData: data });
  const done = new Promise<RebuildResult[]>((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: FromRebuild) => {
      if (message.type === 'progress') onProgress(message.progress);
      else if (message.type === 'done') {
        settled = true;
        resolve(message.results);
      } else {
        settled = true;
        reject(new Error(message.message));
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the rebuild's thread stopped (exit code ${code})`));
    });
  });
  return { done, abort: (reason) => worker.postMessage({ type: 'abort', reason } satisfies ToRebuild) };
}

function rebuildHere({ stores, names, graceMs }: RebuildThreadData, onProgress: (progress: RebuildProgress) => void): RunningRebuild {
  const abort = new AbortController();
  const done = (async () => {
    const events = openEventStore(stores, { writerThread: false });
    const reads = await openReadStore(stores);
    try {
      const chosen = allProjections.filter((projection) => names.includes(projection.name));
      return await rebuildReadModels(events, reads, chosen, { signal: abort.signal, onProgress, ...(graceMs === undefined ? {} : { graceMs }) });
    } finally {
      await events.close();
      await reads.close();
    }
  })();
  return { done, abort: (reason) => abort.abort(new Error(reason)) };
}
