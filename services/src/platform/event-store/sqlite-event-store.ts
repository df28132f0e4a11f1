import { Logger } from '@nestjs/common';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.js';
import { compiledWorkerBeside } from '../workers/compiled-worker.js';
import { WorkerPool } from '../workers/worker-pool.js';
import {
  IdempotencyConflictError,
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from './event-store.port.js';
import { type AppendRequest, EVENTS_TABLE_SQL, EventWriter, failureError, type GroupOutcome, type SerializedEvent } from './event-writer.js';
import type { WriterRequest } from './event-writer.worker.js';
import { RecentEvents } from './recent-events.js';

export { EVENTS_TABLE_SQL } from './event-writer.js';

const CATCH_UP_PAGE_SIZE = 500;
/** Only writes from another connection need it: this store's own appends wake subscriptions at once. */
const POLL_INTERVAL_MS = 1000;
const MAX_INT64 = 9223372036854775807n;
const NO_LIMIT = -1;

interface EventRow {
  position: bigint;
  stream_id: string;
  revision: bigint;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  created_at: bigint;
}

type Bound = bigint | 'start' | 'end';

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: SqliteDatabase) {
  const selectEvents = 'SELECT * FROM events WHERE';
  return {
    lastPosition: db.prepare<[], { position: bigint }>('SELECT coalesce(max(position), 0) AS position FROM events'),
    dataVersion: db.prepare<[], bigint>('PRAGMA data_version').pluck(),
    streamForwards: db.prepare<[string, bigint, number], EventRow>(
      `${selectEvents} stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    ),
    streamBackwards: db.prepare<[string, bigint, number], EventRow>(
      `${selectEvents} stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    ),
    allForwards: db.prepare<[bigint, number], EventRow>(`${selectEvents} position >= ? ORDER BY position LIMIT ?`),
    allBackwards: db.prepare<[bigint, number], EventRow>(`${selectEvents} position <= ? ORDER BY position DESC LIMIT ?`),
  };
}

interface QueuedAppend extends AppendRequest {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** Commits groups of appends: on a worker thread, or on the calling thread when running from sources. */
interface WriterChannel {
  write(appends: AppendRequest[]): Promise<GroupOutcome>;
  close(): Promise<void>;
}

function writerOn(file: string, script: URL | null): WriterChannel {
  if (!script) {
    // Opened on the first write: a store that only reads (the projections' thread) never opens it.
    let writer: EventWriter | null = null;
    return { write: async (appends) => (writer ??= new EventWriter(file)).write(appends), close: async () => writer?.close() };
  }
  const thread = new WorkerPool<WriterRequest, GroupOutcome | null>(script, { size: 1, name: 'event store writer' });
  const checkpoints = new Checkpoints(file, script);
  // The thread starts with the first write: a store that never wrote has nothing to close there.
  let wrote = false;
  return {
    write: async (appends) => {
      wrote = true;
      const outcome = (await thread.run({ file, appends }))!;
      checkpoints.afterCommit();
      return outcome;
    },
    async close() {
      try {
        if (wrote) await thread.run({ file, close: true });
      } finally {
        await thread.close();
        await checkpoints.close();
      }
    },
  };
}

/** At most one checkpoint per this long while commits come, each copying what came since the last. */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * The writer thread's connection never checkpoints (a checkpoint there holds up the commits queued behind
 * it: under load its worst commits, 9–36 ms, were the ones that checkpointed); a thread of its own copies
 * the WAL into the file, PASSIVE, while the writer goes on, so the WAL stays small and reads stay fast.
 */
class Checkpoints {
  private readonly logger = new Logger('event-store');
  private readonly thread: WorkerPool<WriterRequest, GroupOutcome | null>;
  private running: Promise<void> | null = null;
  /** The first checkpoint comes an interval after the store opened: a short-lived store never starts the thread. */
  private lastStarted = Date.now();
  private started = false;

  constructor(
    private readonly file: string,
    script: URL,
  ) {
    this.thread = new WorkerPool(script, { size: 1, name: 'event store checkpointer' });
  }

  afterCommit(): void {
    if (this.running || Date.now() - this.lastStarted < CHECKPOINT_INTERVAL_MS) return;
    this.lastStarted = Date.now();
    this.started = true;
    // Started on the next turn: the commit's appenders go on first.
    this.running = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.thread.run({ file: this.file, checkpoint: true }))
      .then(
        () => undefined,
        // The next commit tries again; meanwhile the WAL only grows.
        (error: Error) => this.logger.warn(`checkpointing ${this.file} failed: ${error.message}`),
      )
      .finally(() => (this.running = null));
  }

  async close(): Promise<void> {
    await this.running;
    try {
      if (this.started) await this.thread.run({ file: this.file, close: true });
    } finally {
      await this.thread.close();
    }
  }
}

export interface SqliteEventStoreOptions {
  /**
   * The compiled event-writer.worker.js whose thread commits appends; default the one beside this module
   * when running compiled. null (the default from TypeScript sources, where no compiled worker exists)
   * commits on the calling thread, which then waits for each fsync.
   */
  writerScript?: URL | null;
}

/**
 * The embedded event store: one SQLite file. Reads use this connection; every write goes through the
 * store's EventWriter (its own connection, every commit fsynced before it is visible), on a worker thread
 * when the code runs compiled so that waiting for the disk never stops the event loop.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: SqliteDatabase;
  private readonly statements: Statements;
  private readonly writer: WriterChannel;
  private readonly subscriptions = new Set<SqliteAllSubscription>();
  private readonly commitListeners = new Set<() => void>();
  // Mutated in place, never reassigned: a wrapper made with Object.create(store) shares them.
  private readonly queued: QueuedAppend[] = [];
  private readonly counts = { commits: 0 };
  private readonly recent: RecentEvents;
  private readonly writing: { group: Promise<void> | null; events: number; scheduled: boolean; checkedThisTurn: boolean } = {
    group: null,
    events: 0,
    scheduled: false,
    checkedThisTurn: false,
  };
  /** PRAGMA data_version when the recent events were last checked against the file; -1 forces a check. */
  private dataVersion: bigint;
  private closed = false;

  static open(file: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    return new SqliteEventStore(file, options);
  }

  constructor(file: string, { writerScript = compiledWorkerBeside(import.meta.url, 'event-writer.worker') }: SqliteEventStoreOptions = {}) {
    this.db = openDatabase(file);
    this.db.defaultSafeIntegers(true);
    this.db.exec(EVENTS_TABLE_SQL);
    this.statements = prepareStatements(this.db);
    this.dataVersion = this.statements.dataVersion.get()!;
    this.recent = new RecentEvents(this.statements.lastPosition.get()!.position);
    this.writer = writerOn(file, writerScript);
  }

  /** Write transactions committed so far: appends made while the previous group was being written share one. */
  get commitCount(): number {
    return this.counts.commits;
  }

  async append(streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const expected = expectedRevision === -1n ? 'no_stream' : expectedRevision;
    const ids = events.map((event) => event.id);
    if (new Set(ids).size !== ids.length) throw new IdempotencyConflictError(streamId, ids, 'an id appears twice');
    // Serialised before it is queued so a value JSON cannot hold fails this append alone.
    const rows = events.map((event): SerializedEvent => ({
      id: event.id,
      type: event.type,
      data: JSON.stringify(event.data ?? null),
      metadata: JSON.stringify(event.metadata ?? {}),
    }));
    if (this.closed) throw new Error('the event store is closed');
    return new Promise((resolve, reject) => {
      this.queued.push({ streamId, rows, expected, resolve, reject });
      this.scheduleGroup();
    });
  }

  /**
   * The recent events, first forgotten if another store has committed since they were checked. Checked once
   * a turn of the event loop: a commit that lands during the turn is seen on the next, as if the reads had
   * come a moment earlier. This store's own writer commits on another connection, so the file moving is
   * expected while groups are in flight: only a file that is further ahead than they can explain means
   * someone else wrote.
   */
  private known(): RecentEvents {
    if (this.writing.checkedThisTurn) return this.recent;
    this.writing.checkedThisTurn = true;
    setImmediate(() => (this.writing.checkedThisTurn = false));
    const version = this.statements.dataVersion.get()!;
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      const last = this.statements.lastPosition.get()!.position;
      if (last > this.recent.lastPosition + BigInt(this.writing.events)) this.catchUp(last);
    }
    return this.recent;
  }

  /**
   * Someone else committed up to `last`: a short run is read into the recent events (one query and one
   * parse, shared by every reader, as for this store's own commits: a store that only reads, like the
   * projections' thread, lives on this); a longer one, or one that races a group of ours, is left to the
   * file.
   */
  private catchUp(last: bigint): void {
    const from = this.recent.lastPosition;
    if (this.writing.events === 0 && last - from <= BigInt(CATCH_UP_PAGE_SIZE)) {
      const rows = this.statements.allForwards.all(from + 1n, CATCH_UP_PAGE_SIZE).filter((row) => row.position <= last);
      if (rows.length === Number(last - from) && this.recent.add(rows.map(toRecordedEvent))) return;
    }
    this.recent.reset(last);
  }

  private wakeSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }

  /**
   * Subscriptions look for new events now instead of at their next poll: for a store whose file another
   * connection writes to (the projections' thread, told by the app's store after each commit).
   */
  checkForNewEvents(): void {
    this.wakeSubscriptions();
  }

  /** Called after each commit of this store that stored events (its subscriptions are woken as well). */
  onCommitted(listener: () => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  private scheduleGroup(): void {
    if (this.writing.scheduled || this.writing.group || this.queued.length === 0) return;
    this.writing.scheduled = true;
    setImmediate(() => {
      this.writing.scheduled = false;
      this.writing.group ??= this.commitQueued().finally(() => {
        this.writing.group = null;
        this.scheduleGroup();
      });
    });
  }

  /**
   * Group commit: one group at a time goes to the writer, and the appends made while it is written (under
   * load, every command whose socket message arrived meanwhile) go together in the next, one transaction
   * and one fsync. Each keeps its own expected-revision and idempotency check, in the order they were
   * made, and its own result; none resolves before the commit that holds it is durable.
   */
  private async commitQueued(): Promise<void> {
    const appends = this.queued.splice(0);
    if (appends.length === 0) return;
    this.writing.events = appends.reduce((sum, append) => sum + append.rows.length, 0);
    let outcome: GroupOutcome;
    try {
      outcome = await this.writer.write(appends.map(({ streamId, rows, expected }) => ({ streamId, rows, expected })));
    } catch (error) {
      // The writer itself failed (its thread crashed): whether the group was stored is unknown, as after a
      // lost connection to any database; a retry with the same event ids is safe.
      for (const append of appends) append.reject(error);
      return;
    } finally {
      this.writing.events = 0;
    }
    if (!outcome.ok) {
      // A transaction that could not begin or commit: nothing was stored.
      const error = failureError(outcome.failure);
      for (const append of appends) append.reject(error);
      return;
    }
    this.counts.commits += 1;
    let wrote = false;
    outcome.settled.forEach((settled, i) => {
      const append = appends[i]!;
      if (!settled.ok) return append.reject(failureError(settled.failure));
      if (settled.placed) {
        wrote = true;
        const { firstPosition, firstRevision, createdAt } = settled.placed;
        // Parsed back from what was stored, so no reader shares an object with the appender.
        const recorded = append.rows.map((row, n) =>
          toRecordedEvent({ position: firstPosition + BigInt(n), stream_id: append.streamId, revision: firstRevision + BigInt(n), event_id: row.id, type: row.type, data: row.data, metadata: row.metadata, created_at: BigInt(createdAt) }),
        );
        // Someone else committed in between: what follows these events must be looked up in the file.
        if (!this.recent.add(recorded)) this.dataVersion = -1n;
      }
      append.resolve(settled.result);
    });
    // Subscribers (projections, the relay) catch up on a later turn, after the appenders' continuations
    // (a command's answer and pushes) have run: they are background work.
    if (!wrote) return;
    setImmediate(() => this.wakeSubscriptions());
    for (const listener of this.commitListeners) listener();
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = toLimit(options.maxCount);
    if (options.direction !== 'backwards') {
      const from = toBound(options.fromRevision ?? 'start');
      const known = this.known().streamFrom(streamId, from, limit);
      if (known) return known;
    }
    const rows =
      options.direction === 'backwards'
        ? this.statements.streamBackwards.all(streamId, toBound(options.fromRevision ?? 'end'), limit)
        : this.statements.streamForwards.all(streamId, toBound(options.fromRevision ?? 'start'), limit);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = toLimit(options.maxCount);
    const rows =
      options.direction === 'backwards'
        ? this.statements.allBackwards.all(toBound(options.fromPosition ?? 'end'), limit)
        : this.statements.allForwards.all(toBound(options.fromPosition ?? 'start'), limit);
    return rows.map(toRecordedEvent);
  }

  subscribeToAll({ fromPosition }: SubscribeToAllOptions): AllSubscription {
    if (this.closed) throw new Error('the event store is closed');
    const checkpoint =
      fromPosition === 'start' ? 0n : fromPosition === 'end' ? this.statements.lastPosition.get()!.position : fromPosition;
    const subscription = new SqliteAllSubscription(
      checkpoint,
      (after) => this.known().after(after, CATCH_UP_PAGE_SIZE) ?? this.statements.allForwards.all(after + 1n, CATCH_UP_PAGE_SIZE).map(toRecordedEvent),
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // What was acknowledged as queued is written before the file is let go.
    while (this.writing.group || this.queued.length > 0) {
      if (!this.writing.group) this.writing.group = this.commitQueued().finally(() => (this.writing.group = null));
      await this.writing.group;
    }
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    await this.writer.close();
    this.db.close();
  }
}

/**
 * Delivery never trusts a notification's content: every read asks for `position > lastDelivered`, so
 * catch-up and live are the same loop and cannot leave a gap or repeat an event. Going live only means
 * waiting for a wake-up (this store's commit, or the poll for other connections) instead of spinning.
 */
class SqliteAllSubscription implements AllSubscription, AsyncIterator<RecordedEvent> {
  private page: RecordedEvent[] = [];
  private pageIndex = 0;
  private ended = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  /** next() calls are chained so that one called before the previous settled cannot reorder events. */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(
    private lastDelivered: bigint,
    private readonly readAfter: (position: bigint) => RecordedEvent[],
    private readonly onEnd: () => void,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    return this;
  }

  next(): Promise<IteratorResult<RecordedEvent>> {
    const result = this.previous.then(() => this.pull());
    this.previous = result.catch(() => undefined);
    return result;
  }

  async return(): Promise<IteratorResult<RecordedEvent>> {
    await this.unsubscribe();
    return { done: true, value: undefined };
  }

  async unsubscribe(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.page = [];
    this.onEnd();
    this.wake();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  poll(): RecordedEvent | undefined {
    if (this.ended) return undefined;
    const event = this.page[this.pageIndex];
    if (!event) return undefined;
    this.pageIndex += 1;
    this.lastDelivered = event.position;
    return event;
  }

  private async pull(): Promise<IteratorResult<RecordedEvent>> {
    while (!this.ended) {
      const event = this.page[this.pageIndex];
      if (event) {
        this.pageIndex += 1;
        this.lastDelivered = event.position;
        return { done: false, value: event };
      }
      this.woken = false;
      this.page = this.readAfter(this.lastDelivered);
      this.pageIndex = 0;
      if (this.page.length === 0) await this.waitForWakeUp();
    }
    return { done: true, value: undefined };
  }

  private async waitForWakeUp(): Promise<void> {
    // A commit between the read above and this wait has already set `woken`: read again at once.
    if (this.woken || this.ended) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.wakeUp = resolve;
      timer = setTimeout(resolve, POLL_INTERVAL_MS);
    });
    clearTimeout(timer);
    this.wakeUp = undefined;
  }
}

function toBound(bound: Bound): bigint {
  if (bound === 'start') return 0n;
  if (bound === 'end') return MAX_INT64;
  return bound;
}

function toLimit(maxCount: number | undefined): number {
  if (maxCount === undefined) return NO_LIMIT;
  if (!Number.isInteger(maxCount) || maxCount < 0) throw new RangeError(`maxCount must be a whole number ≥ 0, got ${maxCount}`);
  return maxCount;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    type: row.type,
    revision: row.revision,
    position: row.position,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    createdAt: new Date(Number(row.created_at)),
  };
}
