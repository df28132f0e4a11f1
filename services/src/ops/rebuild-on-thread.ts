import { Worker } from 'node:worker_threads';
import { openEventStore, openReadStore, type StoresIn } from '../app/stores.js';
import { type ConsoleLogging, consoleLogging } from '../platform/logging/logger.js';
import { compiledWorkerBeside } from '../platform/workers/compiled-worker.js';
import { allProjections } from '../projections/all-projections.js';
import { rebuildReadModels, type RebuildProgress, type RebuildResult } from './rebuild.js';

export interface RebuildThreadData {
  stores: StoresIn;
  names: string[];
  graceMs?: number;
  /** What one thread may use (`npm run ops -- rebuild … --memory`); absent: as much as V8 takes. */
  memory?: ThreadMemory;
  /** How the thread prints its log; given when the thread starts (as the starting thread prints). */
  log?: ConsoleLogging;
}

/** One rebuild thread's bounds: its heap's old generation, and the documents each read model keeps. */
export interface ThreadMemory {
  maxOldGenerationSizeMb: number;
  cachedDocuments: number;
}

/** How long a rebuild's thread may take to end once it has reported its outcome (closing its connections). */
const THREAD_END_MS = 10_000;
/** A young generation this large makes a rebuild +20 % faster (it makes short-lived objects by the million). */
const YOUNG_GENERATION_MB = 192;
/** With a memory bound: a smaller young generation, and what a thread holds outside its heap (SQLite's caches, code). */
const BOUNDED_YOUNG_GENERATION_MB = 64;
const OUTSIDE_HEAP_MB = 120;
/**
 * The least `--memory` a thread may be given: enough for a small game. A large one needs more — at 1,000,000
 * events a 400 MB heap ran out on the leaderboards' thread, while `--memory 1400` on two threads (516 MB of
 * heap each) passed; a thread that runs out stops the rebuild with a message naming `--memory`.
 */
export const MIN_THREAD_MEMORY_MB = 400;

/**
 * Splits a memory bound for the whole rebuild (megabytes) over its threads: each thread's heap and the
 * documents its read models keep in memory (25,000 each at a 600 MB heap, measured: 1.3 GB in all for two
 * threads at 1,000,000 events, against 2.1–2.4 GB unbounded).
 */
export function threadMemory(totalMb: number, threads: number): ThreadMemory {
  const perThread = Math.floor(totalMb / threads);
  const maxOldGenerationSizeMb = perThread - BOUNDED_YOUNG_GENERATION_MB - OUTSIDE_HEAP_MB;
  const cachedDocuments = Math.max(5_000, Math.min(100_000, Math.floor((maxOldGenerationSizeMb / 600) * 25_000)));
  return { maxOldGenerationSizeMb, cachedDocuments };
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
  // A larger young generation: a rebuild makes short-lived objects by the million (measured: +20 %).
  const resourceLimits = data.memory
    ? { maxYoungGenerationSizeMb: BOUNDED_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: data.memory.maxOldGenerationSizeMb }
    : { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB };
  const worker = new Worker(workerScript, { workerData: { ...data, log: consoleLogging() } satisfies RebuildThreadData, resourceLimits });
  // Settled once the thread has ended, so its connections to the stores are closed by then (a caller may
  // remove or reopen the files at once).
  const done = new Promise<RebuildResult[]>((resolve, reject) => {
    let outcome: { results: RebuildResult[] } | { error: Error } | null = null;
    worker.on('message', (message: FromRebuild) => {
      if (message.type === 'progress') return onProgress(message.progress);
      outcome ??= message.type === 'done' ? { results: message.results } : { error: new Error(message.message) };
      // A thread whose connections do not let it end (a driver keeping a handle open) is stopped.
      setTimeout(() => void worker.terminate(), THREAD_END_MS).unref();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      outcome ??= {
        error:
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' && data.memory
            ? new Error(`a rebuild thread ran out of memory (${data.memory.maxOldGenerationSizeMb} MB of heap under --memory): give the rebuild more memory or fewer threads`)
            : error,
      };
    });
    worker.on('exit', (code) => {
      if (outcome === null) reject(new Error(`the rebuild's thread stopped (exit code ${code})`));
      else if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.results);
    });
  });
  return { done, abort: (reason) => worker.postMessage({ type: 'abort', reason } satisfies ToRebuild) };
}

function rebuildHere({ stores, names, graceMs, memory }: RebuildThreadData, onProgress: (progress: RebuildProgress) => void): RunningRebuild {
  const abort = new AbortController();
  const done = (async () => {
    const events = await openEventStore(stores, { writerThread: false });
    const reads = await openReadStore(stores);
    try {
      const chosen = allProjections.filter((projection) => names.includes(projection.name));
      return await rebuildReadModels(events, reads, chosen, { signal: abort.signal, onProgress, ...(graceMs === undefined ? {} : { graceMs }), ...(memory ? { cachedDocuments: memory.cachedDocuments } : {}) });
    } finally {
      await events.close();
      await reads.close();
    }
  })();
  return { done, abort: (reason) => abort.abort(new Error(reason)) };
}

/**
 * Relative cost of rebuilding each read model, from bench:rebuild (seconds of each read model alone over
 * 100,000 events, beyond reading the log: leaderboards 4.4, solo-game 0.9, the others 0.1–0.6): the
 * leaderboards, with a row per period and filter and six rank counts per scope, cost about as much as the
 * other fourteen together.
 */
const REBUILD_WEIGHTS: Record<string, number> = { leaderboards: 12 };

/**
 * Read models built on the same thread whatever the count: those that read every scored round
 * (ScoreSubmitted, one event in six of a realistic log). Each thread reads and parses the events its read
 * models handle, so split over two threads those rounds were parsed twice: measured 2026-11-29 on 2 cores,
 * together 7.2–7.8 s against 7.7–8.1 s at 100,000 events (three interleaved pairs) and 60 s against 75 s at
 * 1,000,000; with the ratings added as well, 64 s.
 */
const REBUILD_TOGETHER: readonly (readonly string[])[] = [['leaderboards', 'user-profile', 'player-history']];

/**
 * The read models in `threads` groups of about equal cost: those REBUILD_TOGETHER names as one unit, the
 * costliest unit first, each to the lightest group.
 */
export function partition(names: readonly string[], threads: number): string[][] {
  const groups = Array.from({ length: Math.max(1, Math.min(threads, names.length)) }, () => ({ names: [] as string[], weight: 0 }));
  const weightOf = (name: string) => REBUILD_WEIGHTS[name] ?? 1;
  const units: string[][] = [];
  const placed = new Set<string>();
  for (const together of REBUILD_TOGETHER) {
    const unit = together.filter((name) => names.includes(name));
    if (unit.length === 0) continue;
    units.push(unit);
    unit.forEach((name) => placed.add(name));
  }
  for (const name of names) if (!placed.has(name)) units.push([name]);
  const unitWeight = (unit: readonly string[]) => unit.reduce((sum, name) => sum + weightOf(name), 0);
  for (const unit of units.sort((a, b) => unitWeight(b) - unitWeight(a))) {
    const lightest = groups.reduce((best, group) => (group.weight < best.weight ? group : best));
    lightest.names.push(...unit);
    lightest.weight += unitWeight(unit);
  }
  return groups.map((group) => group.names).filter((group) => group.length > 0);
}

export interface ParallelOptions {
  /** Groups of read models, each on a thread of its own (default 1). */
  threads?: number;
  workerScript?: URL | null;
  /**
   * Runs the first (costliest) group on the calling thread, the others on threads of their own — for a
   * caller with nothing else to do meanwhile (`npm run ops -- rebuild`, not the api): the calling thread has
   * the code loaded already, where a new thread spends ~0.3 s of CPU loading it (bench:rebuild at 100,000
   * events on 2 cores: 2.5 s against 2.9 s). Not with a memory bound, which only a thread of its own can have.
   */
  onThisThread?: boolean;
}

/**
 * The rebuild as the operator tools run it, off the calling thread (see `onThisThread`): the read models
 * split over `threads` threads, each reading the log once for its group; progress combined (the slowest
 * group's). From TypeScript sources, on the calling thread.
 */
export function rebuildInParallel(
  data: RebuildThreadData,
  onProgress: (progress: RebuildProgress) => void,
  { threads = 1, workerScript = compiledWorkerBeside(import.meta.url, 'rebuild.worker'), onThisThread = false }: ParallelOptions = {},
): RunningRebuild {
  if (!workerScript) return rebuildHere(data, onProgress);
  const groups = partition(data.names, threads);
  const latest: Array<RebuildProgress | null> = groups.map(() => null);
  const report = () => {
    const known = latest.filter((progress): progress is RebuildProgress => progress !== null);
    if (known.length < groups.length) return;
    const events = Math.min(...known.map((progress) => progress.events));
    const elapsedSeconds = Math.max(...known.map((progress) => progress.elapsedSeconds));
    const etas = known.map((progress) => progress.etaSeconds);
    onProgress({
      building: known.flatMap((progress) => progress.building),
      switched: known.flatMap((progress) => progress.switched),
      events,
      eventsPerSecond: elapsedSeconds > 0 ? events / elapsedSeconds : 0,
      fraction: Math.min(...known.map((progress) => progress.fraction)),
      etaSeconds: etas.includes(null) ? null : Math.max(...(etas as number[])),
      elapsedSeconds,
    });
  };
  const here = onThisThread && !data.memory;
  const running = groups.map((names, i) => {
    const progress = (reached: RebuildProgress) => {
      latest[i] = reached;
      report();
    };
    return here && i === 0 ? rebuildHere({ ...data, names }, progress) : rebuildOnThread({ ...data, names }, progress, workerScript);
  });
  // One group failing stops the others: an operator then sees one error and runs the rebuild again.
  for (const rebuild of running) rebuild.done.catch((error: Error) => running.forEach((other) => other !== rebuild && other.abort(`another group failed: ${error.message}`)));
  const done = Promise.allSettled(running.map((rebuild) => rebuild.done)).then((outcomes) => {
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const results = outcomes.flatMap((outcome) => (outcome as PromiseFulfilledResult<RebuildResult[]>).value);
    return data.names.map((name) => results.find((result) => result.name === name)!);
  });
  return { done, abort: (reason) => running.forEach((rebuild) => rebuild.abort(reason)) };
}
