import { performance } from 'node:perf_hooks';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.js';
import { compiledWorkerBeside } from '../workers/compiled-worker.js';
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
import { RecentEvents } from './recent-events.js';
import { type WriterChannel, writerOn } from './writer-channel.js';

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

/** An EventRow as an array (raw mode), its columns in this order. */
const RAW_COLUMNS = 'position, stream_id, revision, event_id, type, created_at, data, metadata';
type RawEventRow = [position: bigint, streamId: string, revision: bigint, eventId: string, type: string, createdAt: bigint, data: string, metadata: string];

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
    /**
     * A subscription's pages, as arrays in RAW_COLUMNS' order (better-sqlite3's raw mode: reading 1,000,000
     * events took 1.6 s instead of 2.3–3.2 s as objects, a rebuild thread's largest share of reading the log).
     */
    pageForwards: db.prepare<[bigint, number], RawEventRow>(`SELECT ${RAW_COLUMNS} FROM events WHERE position >= ? ORDER BY position LIMIT ?`).raw(),
    /**
     * A page of the events of some types (a JSON array) up to a position: the rows of other types never
     * reach JavaScript (a rebuild thread's read models handle a third of a realistic log's events: its
     * pages read in 66 ms instead of 130 ms at 100,000 events, and the other two thirds no longer go
     * through its subscription and runners one by one).
     */
    pageOfTypes: db.prepare<[bigint, bigint, string, number], RawEventRow>(
      `SELECT ${RAW_COLUMNS} FROM events WHERE position >= ? AND position <= ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position LIMIT ?`,
    ).raw(),
    atPosition: db.prepare<[bigint], RawEventRow>(`SELECT ${RAW_COLUMNS} FROM events WHERE position = ?`).raw(),
    allBackwards: db.prepare<[bigint, number], EventRow>(`${selectEvents} position <= ? ORDER BY position DESC LIMIT ?`),
  };
}

interface QueuedAppend extends AppendRequest {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
  /** Made by code that the store's last commit had just answered, before anything else ran (see `answer`). */
  chained: boolean;
}

/**
 * A one-at-a-time append that nobody was waiting behind is committed on the event loop's thread when the
 * writer has been idle at least this long: the store is quiet, so the fsync it waits for holds up little.
 */
const QUIET_MS = 50;
/** How long a turn of the event loop may spend committing a one-at-a-time appender's appends back to back. */
const CHAINED_TURN_MS = 5;

export interface SqliteEventStoreOptions {
  /**
   * The compiled event-writer.worker.js whose thread commits appends; default the one beside this module
   * when running compiled. null (the default from TypeScript sources, where no compiled worker exists)
   * commits on the calling thread, which then waits for each fsync.
   */
  writerScript?: URL | null;
  /**
   * With a writer thread: whether an append made while the writer is idle, one at a time, is committed on
   * the calling thread (default true; see `commitsHere`). false sends every group to the thread, so that
   * the event loop never waits for the disk.
   */
  idleAppendsHere?: boolean;
}

/**
 * The embedded event store: one SQLite file. Reads use this connection; every write goes through an
 * EventWriter (a connection of its own, every commit fsynced before it is visible). When the code runs
 * compiled, groups of appends made under load are committed on a worker thread, so that waiting for the
 * disk does not stop the event loop, and an append made alone while that writer is idle is committed on
 * the calling thread, sparing it the hop to the thread and back.
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
  /**
   * `answered`: the last commit's appenders are running on (see `answer`); `idleSince`: when the last
   * commit ended; `turnStarted`: when this store last started a group on a new turn (performance.now()).
   */
  private readonly writerState: { answered: boolean; idleSince: number; turnStarted: number; idleAppendsHere: boolean };
  /** PRAGMA data_version when the recent events were last checked against the file; -1 forces a check. */
  private dataVersion: bigint;
  private closed = false;

  static open(file: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    return new SqliteEventStore(file, options);
  }

  constructor(file: string, { writerScript = compiledWorkerBeside(import.meta.url, 'event-writer.worker'), idleAppendsHere = true }: SqliteEventStoreOptions = {}) {
    this.writerState = { answered: false, idleSince: Number.NEGATIVE_INFINITY, turnStarted: Number.NEGATIVE_INFINITY, idleAppendsHere };
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
      this.queued.push({ streamId, rows, expected, resolve, reject, chained: this.writerState.answered });
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
      if (rows.length === Number(last - from) && this.recent.add(rows.map(toRecordedEvent), rows.map(storedBytes))) return;
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

  /**
   * The next group starts on the next turn of the event loop, so that the appends made meanwhile (every
   * socket message read in that turn) join it; or, when it holds a single chained append once the promise
   * jobs of this turn have run (every appender the last commit answered has had its chance to append), at
   * once: a caller appending one at a time then waits for nothing but its commits, while they take less
   * than CHAINED_TURN_MS a turn; past that it waits for the next turn, so the event loop still turns.
   */
  private scheduleGroup(): void {
    if (this.writing.scheduled || this.writing.group || this.queued.length === 0) return;
    this.writing.scheduled = true;
    if (this.queued[0]!.chained && performance.now() - this.writerState.turnStarted < CHAINED_TURN_MS) {
      afterPromiseJobs(() => (this.queued.length === 1 && this.commitsHere(this.queued) ? this.startScheduled() : this.startOnNextTurn()));
    } else {
      this.startOnNextTurn();
    }
  }

  private startOnNextTurn(): void {
    setImmediate(() => {
      this.writerState.turnStarted = performance.now();
      this.startScheduled();
    });
  }

  private startScheduled(): void {
    this.writing.scheduled = false;
    this.writing.group ??= this.commitQueued().finally(() => {
      this.writing.group = null;
      this.scheduleGroup();
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
    let outcome: GroupOutcome | null = null;
    try {
      if (this.commitsHere(appends)) outcome = this.writer.writeHere(appends);
      if (!outcome) {
        this.writing.events = appends.reduce((sum, append) => sum + append.rows.length, 0);
        // Only what the thread needs: the appenders' callbacks cannot be posted to it.
        outcome = await this.writer.writeOnThread(appends.map(({ streamId, rows, expected }) => ({ streamId, rows, expected })));
      }
    } catch (error) {
      // The writer itself failed (its thread crashed): whether the group was stored is unknown, as after a
      // lost connection to any database; a retry with the same event ids is safe.
      for (const append of appends) append.reject(error);
      return;
    } finally {
      this.writing.events = 0;
      this.writerState.idleSince = performance.now();
    }
    this.settle(appends, outcome);
  }

  /**
   * Whether a group skips the hop to the writer thread and commits on this thread, waiting for its fsync
   * there. Only a group of one append: an append alone in its turn, while no group is in flight (the
   * store never has two at once, so the two connections never write together), that is either
   * - chained: made by the code the last commit had just answered, before anything else ran: a caller
   *   appending one at a time, which waits for each commit whichever thread makes it, with nobody queued
   *   behind it, so the hop there and back would only add to its wait; or
   * - made after the writer was idle for QUIET_MS: the store is quiet, and the event loop is held up for
   *   one commit at a time, not for a stream of them.
   * Anything else, and so every group under load, is committed on the writer thread while the event loop
   * goes on, and the appends made meanwhile gather into the next group.
   */
  private commitsHere(appends: readonly QueuedAppend[]): boolean {
    if (!this.writer.threaded) return true;
    if (appends.length !== 1 || !this.writerState.idleAppendsHere) return false;
    return appends[0]!.chained || performance.now() - this.writerState.idleSince >= QUIET_MS;
  }

  private settle(appends: readonly QueuedAppend[], outcome: GroupOutcome): void {
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
        if (!this.recent.add(recorded, append.rows.map(storedBytes))) this.dataVersion = -1n;
      }
      append.resolve(settled.result);
    });
    this.answer();
    // Subscribers (projections, the relay) catch up on a later turn, after the appenders' continuations
    // (a command's answer and pushes) have run: they are background work.
    if (!wrote) return;
    if (this.subscriptions.size > 0) setImmediate(() => this.wakeSubscriptions());
    for (const listener of this.commitListeners) listener();
  }

  /**
   * Marks the appends made while the appenders just resolved run on as chained. Their continuations are
   * promise jobs, run before anything else once this turn's code returns; the mark is lifted once those
   * jobs, and the ones they queue, have run (`afterPromiseJobs`). An append made after a tick, a timer or
   * I/O is not chained: it only loses the fast way.
   */
  private answer(): void {
    if (this.writerState.answered) return;
    this.writerState.answered = true;
    afterPromiseJobs(() => (this.writerState.answered = false));
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

  subscribeToAll({ fromPosition, types }: SubscribeToAllOptions): AllSubscription {
    if (this.closed) throw new Error('the event store is closed');
    const checkpoint =
      fromPosition === 'start' ? 0n : fromPosition === 'end' ? this.statements.lastPosition.get()!.position : fromPosition;
    // Recent events are in memory, parsed already: whole, whatever `types`.
    const leftOut = { events: 0 };
    const readAfter = types === undefined ? (after: bigint) => this.known().after(after, CATCH_UP_PAGE_SIZE) ?? this.statements.pageForwards.all(after + 1n, CATCH_UP_PAGE_SIZE).map(fromRawRow) : this.pagesOfTypes(types, leftOut);
    const subscription = new SqliteAllSubscription(checkpoint, readAfter, () => this.subscriptions.delete(subscription), leftOut);
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * A subscription's pages when it asks for some types only (SubscribeToAllOptions.types): those types'
   * events, filtered in SQL, and, when a page reaches the end of the log, its last event without its data
   * if of another type, so the reader knows how far the log was read. Each page is read up to the last
   * position as of its start: every event up to it is committed by then (positions are given in commit
   * order, by one writer), so no event of a type asked for is passed by. `leftOut` counts the events
   * passed by: positions here are the log's ordinals (a row's id, never deleted), so a page from `after`
   * to `p` covers `p - after` events.
   */
  private pagesOfTypes(types: readonly string[], leftOut: { events: number }): (after: bigint) => RecordedEvent[] {
    const wanted = new Set<string>(types);
    const list = JSON.stringify([...wanted]);
    return (after) => {
      const known = this.known().after(after, CATCH_UP_PAGE_SIZE);
      if (known) return known;
      const last = this.statements.lastPosition.get()!.position;
      if (last <= after) return [];
      const page = this.statements.pageOfTypes.all(after + 1n, last, list, CATCH_UP_PAGE_SIZE).map(fromRawRow);
      if (page.length < CATCH_UP_PAGE_SIZE && (page.at(-1)?.position ?? after) < last) {
        const row = this.statements.atPosition.get(last)!;
        page.push(wanted.has(row[4]) ? fromRawRow(row) : withoutData(row));
      }
      leftOut.events += Number(page.at(-1)!.position - after) - page.length;
      return page;
    };
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
    private readonly passedBy: { events: number },
  ) {}

  get leftOut(): number {
    return this.passedBy.events;
  }

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

/**
 * Runs `then` once the promise jobs queued so far, and every one they queue, have run: a tick queued from
 * a promise job runs only when the job queue is empty.
 */
function afterPromiseJobs(then: () => void): void {
  queueMicrotask(() => process.nextTick(then));
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

/** What an event takes stored: its data and metadata JSON, in UTF-16 code units (close enough to bytes for a bound). */
const storedBytes = (row: { data: string; metadata: string }) => row.data.length + row.metadata.length;

function fromRawRow([position, streamId, revision, id, type, createdAt, data, metadata]: RawEventRow): RecordedEvent {
  return { id, streamId, type, revision, position, data: JSON.parse(data), metadata: JSON.parse(metadata), createdAt: new Date(Number(createdAt)) };
}

/** An event of a type the subscriber does not read: data null, no metadata (SubscribeToAllOptions.types). */
function withoutData([position, streamId, revision, id, type, createdAt]: RawEventRow): RecordedEvent {
  return { id, streamId, type, revision, position, data: null, metadata: {}, createdAt: new Date(Number(createdAt)) };
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
