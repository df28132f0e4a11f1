import type { EventStore } from '../platform/event-store/event-store.port.js';
import type { ReadStore, WriteOperation } from '../platform/read-store/read-store.port.js';
import type { Projection } from './projection.js';
import type { LeaseHolder } from '../platform/read-store/leases.js';
import { rebuildReadModels } from '../ops/rebuild.js';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projection-runner.js';
import { LeaseKeeper, type LeaseTiming } from './projector-leases.js';

/**
 * How long the app's projections let a batch gather events: under load a read model commits a few dozen
 * times a second instead of after every command, and reads a live game's document once rather than at
 * each move. Listeners (the lobby's pushes) hear of a change at most this much later; read-your-writes
 * waits commit the batch at once.
 */
export const PROJECTION_BATCH_WINDOW_MS = 50;

/**
 * What a commit changed, for listeners that push live updates: which documents, not their content (a
 * listener reads what it pushes from the read store, which holds the committed version).
 */
export interface CommittedChange {
  collection: string;
  /** The document's id; for a `deletePrefix`, the prefix of the ids deleted. */
  id: string;
  kind: 'upsert' | 'delete' | 'deletePrefix';
  /** The upsert's revision (the position of the event that last changed the document); null for a delete. */
  revision: bigint | null;
}

export function changesOf(writes: readonly WriteOperation[]): CommittedChange[] {
  return writes.map((write) =>
    write.kind === 'upsert'
      ? { collection: write.collection, id: write.document.id, kind: 'upsert', revision: write.revision }
      : { collection: write.collection, id: write.kind === 'delete' ? write.id : write.prefix, kind: write.kind, revision: null },
  );
}

/** One read model as its readers see it: how far it is, read-your-writes waits, and its commits. */
export interface ProjectionHandle {
  /** Position of the last event it has accounted for; null before the first. */
  readonly position: bigint | null;
  waitFor(position: bigint, timeoutMs?: number): Promise<void>;
  /** Called after each commit with what it changed, e.g. to push live updates. */
  onCommitted(listener: (changes: readonly CommittedChange[]) => void): () => void;
}

/** The process's read models, wherever their projections run (this thread, or a thread of their own). */
export interface ProjectionsPort {
  runner(name: string): ProjectionHandle;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Read-your-writes: resolves when the named projections (all by default) have seen `position`. */
  waitFor(position: bigint | null, names?: readonly string[]): Promise<void>;
  /** Forgets the named read models (all by default) and projects them again from the first event. */
  rebuild(names?: readonly string[]): Promise<void>;
}

/** Projecting under leases (projector-leases.ts): this process as the holder, and the timing (tests). */
export interface ProjectorLeases {
  holder: LeaseHolder;
  timing?: LeaseTiming;
  alive?: (pid: number) => boolean;
}

/**
 * Every projection of the process on the calling thread, each with its own runner and checkpoint; with
 * `leases`, each projects only while this process holds its read model's lease, and stands by otherwise.
 */
export class Projections implements ProjectionsPort {
  private readonly runners: Map<string, ProjectionRunner>;
  private readonly keepers: Map<string, LeaseKeeper> | null;

  constructor(projections: readonly Projection[], events: EventStore, reads: ReadStore, options: ProjectionRunnerOptions = { batchWindowMs: PROJECTION_BATCH_WINDOW_MS }, leases?: ProjectorLeases) {
    // A read model built by an older version of its projection is built again beside the serving one.
    const upgrade = (projection: Projection, signal: AbortSignal) => rebuildReadModels(events, reads, [projection], { signal });
    this.runners = new Map(projections.map((projection) => [projection.name, new ProjectionRunner(projection, events, reads, { upgrade, ...options })]));
    this.keepers = leases ? new Map([...this.runners].map(([name, runner]) => [name, new LeaseKeeper(runner, reads, leases.holder, leases.timing, leases.alive)])) : null;
  }

  /** The read models this process projects now (all without leases). */
  get active(): string[] {
    return [...this.runners.keys()].filter((name) => this.keepers?.get(name)?.active ?? true);
  }

  runner(name: string): ProjectionRunner {
    const runner = this.runners.get(name);
    if (!runner) throw new Error(`no projection named ${name}`);
    return runner;
  }

  async start(): Promise<void> {
    if (this.keepers) await Promise.all([...this.keepers.values()].map((keeper) => keeper.start()));
    else await Promise.all([...this.runners.values()].map((runner) => runner.start()));
  }

  async stop(): Promise<void> {
    if (this.keepers) await Promise.all([...this.keepers.values()].map((keeper) => keeper.stop()));
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
  }

  /** Read-your-writes: resolves when the named projections (all by default) have seen `position`. */
  async waitFor(position: bigint | null, names?: readonly string[]): Promise<void> {
    if (position === null) return;
    const runners = names ? names.map((name) => this.runner(name)) : [...this.runners.values()];
    await Promise.all(runners.map((runner) => runner.waitFor(position)));
  }

  async rebuild(names?: readonly string[]): Promise<void> {
    // Under leases, only the read models this process projects (another projector rebuilds its own).
    const runners = (names ?? [...this.runners.keys()]).filter((name) => this.keepers?.get(name)?.active ?? true).map((name) => this.runner(name));
    for (const runner of runners) await runner.rebuild();
  }
}
