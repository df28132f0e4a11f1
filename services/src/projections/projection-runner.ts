import { Logger } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../platform/event-store/handle-command.js';
import type { Document, ReadStore, WriteOperation } from '../platform/read-store/read-store.port.js';
import { PositionWaiters } from './position-waiters.js';
import type { DocumentReader, Projection } from './projection.js';

const MAX_BATCH_EVENTS = 500;
/** How long a checkpoint moved only by batches that wrote nothing may stay in memory. */
const IDLE_CHECKPOINT_MS = 1000;
const IDLE = Symbol('idle');

/** Told of each batch accounted for (with the writes it committed, maybe none) and of a stop on an error. */
export interface RunnerObserver {
  processed(position: bigint, writes: WriteOperation[]): void;
  failed(error: Error): void;
}

/**
 * Feeds one projection from the event store's catch-up subscription. Events are applied in position
 * order and committed in batches together with the checkpoint: a batch closes when 500 events are
 * pending or when the subscription has nothing more ready (so live events commit at once); a batch
 * that writes nothing moves the checkpoint in memory and on disk only now and then (see flush).
 */
export class ProjectionRunner {
  private readonly logger: Logger;
  private readonly progress: PositionWaiters;
  /** A position accounted for by batches that wrote nothing, not yet written as the checkpoint. */
  private unsaved: bigint | null = null;
  private checkpointedAt = Number.NEGATIVE_INFINITY;
  private readonly handles: ReadonlySet<string>;
  private listeners: Array<(writes: WriteOperation[]) => void> = [];
  private observers: RunnerObserver[] = [];
  private subscription: ReturnType<EventStore['subscribeToAll']> | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    readonly projection: Projection,
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly options: { idleCheckpointMs?: number } = {},
  ) {
    this.logger = new Logger(`projection:${projection.name}`);
    this.handles = new Set(projection.handles);
    this.progress = new PositionWaiters(projection.name);
  }

  /** Position of the last event this projection has fully accounted for; null before the first. */
  get position(): bigint | null {
    return this.progress.position;
  }

  async start(): Promise<void> {
    for (const index of this.projection.indexes) await this.reads.ensureIndex(index.collection, index.fields);
    this.progress.restart(await this.reads.checkpoint(this.projection.name));
    this.subscription = this.events.subscribeToAll({ fromPosition: this.progress.position ?? 'start' });
    this.loop = this.run(this.subscription).catch((error: Error) => this.fail(error));
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
    await this.loop;
    if (this.unsaved !== null && !this.progress.failed) await this.checkpoint(this.unsaved, []);
    this.subscription = null;
    this.loop = null;
  }

  /** Forgets everything and projects again from position 0. */
  async rebuild(): Promise<void> {
    await this.stop();
    await this.reads.reset(this.projection.name, this.projection.collections);
    await this.start();
  }

  /** Resolves once every event up to `position` is visible in this read model (read-your-writes). */
  waitFor(position: bigint, timeoutMs = 5000): Promise<void> {
    return this.progress.waitFor(position, timeoutMs);
  }

  /** Called after each commit with the writes it made, e.g. to push live updates. */
  onCommitted(listener: (writes: WriteOperation[]) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Every batch accounted for and a stop on an error (to report them to another thread). */
  observe(observer: RunnerObserver): () => void {
    this.observers.push(observer);
    return () => {
      this.observers = this.observers.filter((o) => o !== observer);
    };
  }

  private async run(subscription: AsyncIterable<RecordedEvent>): Promise<void> {
    const iterator = subscription[Symbol.asyncIterator]();
    const batch = new Batch(this.reads);
    let next = iterator.next();
    for (;;) {
      let result: IteratorResult<RecordedEvent> | typeof IDLE;
      if (batch.size === 0) result = await next;
      else {
        result = await Promise.race([next, new Promise<typeof IDLE>((resolve) => setImmediate(() => resolve(IDLE)))]);
        if (result === IDLE) {
          await this.flush(batch);
          result = await next;
        }
      }
      if (result.done) break;
      next = iterator.next();
      const recorded = result.value;
      // A redelivered event is skipped whether it was committed already or is still in the open batch.
      const applied = batch.position ?? this.progress.position;
      if (applied !== null && recorded.position <= applied) continue;
      if (this.handles.has(recorded.type)) await batch.add(recorded, this.projection);
      else batch.pass(recorded.position);
      if (batch.size >= MAX_BATCH_EVENTS) await this.flush(batch);
    }
    if (batch.size > 0) await this.flush(batch);
  }

  private async flush(batch: Batch): Promise<void> {
    const { position, writes } = batch.drain();
    if (position === null) return;
    // Most events change nothing here (a game's moves, for the user profiles): writing the checkpoint for
    // each such batch would be a read-store commit per event and projection. It is written with the next
    // batch that writes, at most IDLE_CHECKPOINT_MS after the last, and on stop. After a crash the
    // documents are exactly as of the stored checkpoint (every write commits at once, with it), so the
    // events re-read from there decide the same nothing again.
    if (writes.length > 0 || Date.now() - this.checkpointedAt >= (this.options.idleCheckpointMs ?? IDLE_CHECKPOINT_MS)) await this.checkpoint(position, writes);
    else this.unsaved = position;
    this.progress.reach(position);
    if (writes.length > 0) for (const listener of this.listeners) listener(writes);
    for (const observer of this.observers) observer.processed(position, writes);
  }

  private async checkpoint(position: bigint, writes: WriteOperation[]): Promise<void> {
    await this.reads.commit({ projection: this.projection.name, position, writes });
    this.checkpointedAt = Date.now();
    this.unsaved = null;
  }

  private fail(error: Error): void {
    this.logger.error(`stopped: ${error.stack ?? error.message}`);
    this.progress.fail(error);
    for (const observer of this.observers) observer.failed(error);
  }
}

/** Pending writes of one batch, readable by later events of the same batch before they are committed. */
class Batch implements DocumentReader {
  private writes: WriteOperation[] = [];
  private pending = new Map<string, Document | null>();
  private lastPosition: bigint | null = null;
  size = 0;

  /** Position of the last event added since the last drain. */
  get position(): bigint | null {
    return this.lastPosition;
  }

  constructor(private readonly reads: ReadStore) {}

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const key = `${collection}\u0000${id}`;
    if (this.pending.has(key)) return (this.pending.get(key) as T | null) ?? null;
    return this.reads.get<T>(collection, id);
  }

  async add(recorded: RecordedEvent, projection: Projection): Promise<void> {
    const writes = await projection.apply(
      { event: toDomainEvent(recorded), streamId: recorded.streamId, revision: recorded.revision, position: recorded.position, createdAt: recorded.createdAt },
      this,
    );
    for (const write of writes) {
      const id = write.kind === 'upsert' ? write.document.id : write.id;
      this.pending.set(`${write.collection}\u0000${id}`, write.kind === 'upsert' ? write.document : null);
    }
    this.writes.push(...writes);
    this.lastPosition = recorded.position;
    this.size += 1;
  }

  /** An event the projection does not handle: accounted for, nothing to apply. */
  pass(position: bigint): void {
    this.lastPosition = position;
    this.size += 1;
  }

  drain(): { position: bigint | null; writes: WriteOperation[] } {
    const drained = { position: this.lastPosition, writes: this.writes };
    this.writes = [];
    this.pending.clear();
    this.lastPosition = null;
    this.size = 0;
    return drained;
  }
}
