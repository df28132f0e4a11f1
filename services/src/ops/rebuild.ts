import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import { generationName } from '../platform/read-store/generations.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import type { DomainEvent, DomainEventType } from '@globetrail/contracts';
import { toDomainEvent } from '../platform/event-store/domain-event.js';
import { collectionsEverKept, type LogAhead, type Projection } from '../projections/projection.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { SharedSubscription } from '../projections/shared-subscription.js';

/**
 * How long the old generation stays after a switch before it is emptied: readers of a store that caches
 * the active generations (MongoDB: GENERATIONS_CACHE_MS) keep reading it meanwhile.
 */
export const GENERATION_GRACE_MS = 2000;

/**
 * Events per batch of a rebuild's read model, and documents each keeps in memory. Until the head a batch
 * stores nothing but the documents its read model lets go (write-back), so its size no longer sets how
 * often it commits: 2,000 rather than 10,000 keeps fewer of a batch's writes alive across a young
 * collection (interleaved pairs at 1,000,000 events: 34.5 and 36.8 s against 40.1 and 42.0 s, and a tenth
 * less CPU).
 */
const REBUILD_BATCH_EVENTS = 2_000;
const REBUILD_BATCH_WINDOW_MS = 1000;
const REBUILD_CACHED_DOCUMENTS = 400_000;

/**
 * How a read model is projected from the first event into an empty generation or store: past the head it
 * began at, every batch stores its checkpoint (a switch compares stored checkpoints); before, documents are
 * held and stored once (write-back, projection-runner.ts); the documents cached many, and the indexes left
 * until it has caught up (`ensureIndexes`).
 */
export const FROM_SCRATCH_RUNNER_OPTIONS = {
  idleCheckpointMs: 0,
  batchWindowMs: REBUILD_BATCH_WINDOW_MS,
  maxBatchEvents: REBUILD_BATCH_EVENTS,
  cachedDocuments: REBUILD_CACHED_DOCUMENTS,
  deferIndexes: true,
} as const;

export interface RebuildProgress {
  /** Read models still being built, and those switched. */
  building: string[];
  switched: string[];
  /** Events the rebuild has read from the log (once for all read models), and per second since it began. */
  events: number;
  eventsPerSecond: number;
  /** How far the slowest read model is, from 0 to 1, and the time it may still take. */
  fraction: number;
  etaSeconds: number | null;
  elapsedSeconds: number;
}

export interface RebuildResult {
  name: string;
  /** The generation that serves reads now, and the one it replaced. */
  generation: number;
  replaced: number;
  /** The checkpoint the new generation switched at. */
  position: bigint | null;
  documents: number;
}

export interface RebuildOptions {
  onProgress?: (progress: RebuildProgress) => void;
  progressEveryMs?: number;
  graceMs?: number;
  signal?: AbortSignal;
  /** Documents each read model keeps in memory (default 400,000): fewer, less memory and more writes. */
  cachedDocuments?: number;
}

/**
 * `npm run ops -- rebuild`: blue/green. Each read model is projected from the first event into a new
 * generation while the active one keeps serving reads (and its live projector keeps it current); once the
 * new one's checkpoint has reached the active one's, the read store switches every reader to it in one
 * step, the live projector follows it (projection-runner.ts), and the old generation is emptied. No read
 * fails or waits at any point. Read models are built together from one read of the log (SharedSubscription).
 */
export async function rebuildReadModels(events: EventStore, reads: ReadStore, projections: readonly Projection[], options: RebuildOptions = {}): Promise<RebuildResult[]> {
  const started = performance.now();
  // Each read model waits on the signal at once.
  if (options.signal) setMaxListeners(projections.length + 10, options.signal);
  // One read of the log for them all, of only the events one of them handles (SubscribeToAllOptions.types).
  const shared = new SharedSubscription(events, projections.length, [...new Set(projections.flatMap((projection) => projection.handles))]);
  let head: bigint | null = null;
  const refreshHead = async () => {
    const [last] = await events.readAll({ direction: 'backwards', maxCount: 1 });
    head = last?.position ?? null;
    return head;
  };
  const [first] = await events.readAll({ maxCount: 1 });
  // Up to the head as the rebuild begins, documents are stored once each (write-back); after, as they change.
  const writeBackUntil = await refreshHead();
  const ahead = await lookAhead(events, new Set(projections.flatMap((projection) => projection.lookAhead ?? [])), writeBackUntil);
  const builds = await Promise.all(
    projections.map(async (projection) => {
      const replaced = (await reads.generations(projection.name)).active;
      const generation = await reads.beginGeneration(projection.name, projection.collections);
      const runner = new ProjectionRunner(projection, shared, reads, { generation, ...FROM_SCRATCH_RUNNER_OPTIONS, ...(options.cachedDocuments === undefined ? {} : { cachedDocuments: options.cachedDocuments }), writeBackUntil, ahead });
      return { projection, runner, generation, replaced, switched: false, position: null as bigint | null };
    }),
  );
  const report = () => {
    if (!options.onProgress) return;
    const elapsedSeconds = (performance.now() - started) / 1000;
    const fraction = Math.min(...builds.map((build) => (build.switched ? 1 : progressOf(first?.position ?? null, build.runner.position, head))));
    options.onProgress({
      building: builds.filter((build) => !build.switched).map((build) => build.projection.name),
      switched: builds.filter((build) => build.switched).map((build) => build.projection.name),
      events: shared.read,
      eventsPerSecond: elapsedSeconds > 0 ? shared.read / elapsedSeconds : 0,
      fraction,
      etaSeconds: fraction > 0 && fraction < 1 ? (elapsedSeconds * (1 - fraction)) / fraction : fraction >= 1 ? 0 : null,
      elapsedSeconds,
    });
  };
  const timer = setInterval(report, options.progressEveryMs ?? 500);
  try {
    await Promise.all(builds.map((build) => build.runner.start()));
    await Promise.all(
      builds.map(async (build) => {
        const { projection, runner, generation } = build;
        const caughtUp = await refreshHead();
        if (caughtUp !== null) await untilAborted(runner.waitFor(caughtUp, 24 * 3600_000), options.signal);
        await runner.ensureIndexes();
        for (;;) {
          options.signal?.throwIfAborted();
          const reached = await refreshHead();
          if (reached !== null) await untilAborted(runner.waitFor(reached, 24 * 3600_000), options.signal);
          if (await reads.switchGeneration(projection.name, projection.collections, generation)) break;
          // The live projector committed past the head read above: catch up again.
          await sleep(50);
        }
        build.switched = true;
        build.position = await reads.checkpoint(generationName(projection.name, generation));
        await runner.stop();
      }),
    );
  } catch (error) {
    await Promise.all(builds.map((build) => build.runner.stop().catch(() => undefined)));
    throw error;
  } finally {
    clearInterval(timer);
    await shared.close();
  }
  report();
  await sleep(options.graceMs ?? GENERATION_GRACE_MS);
  const results: RebuildResult[] = [];
  for (const { projection, generation, replaced, position } of builds) {
    await reads.reset(generationName(projection.name, replaced), collectionsEverKept(projection).map((collection) => generationName(collection, replaced)));
    const counts = await Promise.all(projection.collections.map((collection) => reads.count(collection)));
    results.push({ name: projection.name, generation, replaced, position, documents: counts.reduce((sum, count) => sum + count, 0) });
  }
  return results;
}

/** How far back from the head a rebuild looks for the last event of a type (a projection then skips nothing). */
const LOOK_AHEAD_EVENTS = 100_000;

/**
 * The last event of each of `types` at or before `head`, read backwards from it (ProjectedEvent.ahead):
 * at most LOOK_AHEAD_EVENTS events; a type not met by then is answered as unknown (null).
 */
export async function lookAhead(events: EventStore, types: ReadonlySet<DomainEventType>, head: bigint | null, limit = LOOK_AHEAD_EVENTS): Promise<LogAhead> {
  const found = new Map<string, DomainEvent>();
  let from = head;
  for (let read = 0; types.size > found.size && from !== null && from >= 0n && read < limit; ) {
    const page = await events.readAll({ direction: 'backwards', fromPosition: from, maxCount: Math.min(1000, limit - read) });
    if (page.length === 0) break;
    for (const recorded of page) if (types.has(recorded.type as DomainEventType) && !found.has(recorded.type)) found.set(recorded.type, toDomainEvent(recorded));
    read += page.length;
    from = page.at(-1)!.position - 1n;
  }
  return { last: <T extends DomainEventType>(type: T) => (found.get(type) ?? null) as Extract<DomainEvent, { type: T }> | null };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** From 0 to 1: how far `position` is between the first event's position and the head. */
function progressOf(first: bigint | null, position: bigint | null, head: bigint | null): number {
  if (head === null || first === null) return 1;
  if (position === null) return 0;
  if (position >= head) return 1;
  const span = Number(head - first);
  return span <= 0 ? 1 : Math.max(0, Math.min(1, Number(position - first) / span));
}

/** `[#########-----------]  45%  leaderboards, solo-game…  182,000 events/s  ETA 0:07` */
export function formatProgress(progress: RebuildProgress, width = 24): string {
  const filled = Math.round(progress.fraction * width);
  const percent = `${Math.floor(progress.fraction * 100)}%`.padStart(4);
  const eta = progress.etaSeconds === null ? 'ETA —' : `ETA ${formatSeconds(progress.etaSeconds)}`;
  const building = progress.building.length === 0 ? 'switching' : `${progress.building.length} building`;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent}  ${building}, ${progress.switched.length} switched  ${Math.round(progress.eventsPerSecond).toLocaleString('en')} events/s  ${eta}`;
}

function formatSeconds(seconds: number): string {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
