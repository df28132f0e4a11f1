import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.js';
import {
  IdempotencyConflictError,
  WrongExpectedRevisionError,
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
import { RecentEvents } from './recent-events.js';

/**
 * No AUTOINCREMENT: rows are never deleted, so SQLite's rowid (largest + 1, chosen under the write lock)
 * already increases strictly in commit order, without AUTOINCREMENT's extra write per append.
 * Exported so the store benchmark's raw baseline writes to an identical table.
 */
export const EVENTS_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS events (
    position   INTEGER PRIMARY KEY,
    stream_id  TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    event_id   TEXT    NOT NULL,
    type       TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    metadata   TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (stream_id, revision),
    UNIQUE (stream_id, event_id)
  )`;

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
/** `recorded`: the events this append stored, as readers will get them (empty when it stored none). */
type AppendOutcome = { result: AppendResult; wroteEvents: boolean; recorded: RecordedEvent[] };

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: SqliteDatabase) {
  const selectEvents = 'SELECT * FROM events WHERE';
  return {
    head: db.prepare<[string], Pick<EventRow, 'revision' | 'position'>>(
      'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
    ),
    revisionOfEventId: db.prepare<[string, string], Pick<EventRow, 'revision'>>(
      'SELECT revision FROM events WHERE stream_id = ? AND event_id = ?',
    ),
    insert: db.prepare<[string, bigint, string, string, string, string, number], never>(
      'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
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

interface SerializedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

interface QueuedAppend {
  streamId: string;
  rows: SerializedEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type Settled = { ok: true; outcome: AppendOutcome } | { ok: false; error: unknown };

export class SqliteEventStore implements EventStore {
  private readonly db: SqliteDatabase;
  private readonly statements: Statements;
  private readonly appendInTransaction: (
    streamId: string,
    events: SerializedEvent[],
    expected: ExpectedRevision,
  ) => AppendOutcome;
  private readonly appendGroup: (appends: QueuedAppend[]) => Settled[];
  private readonly subscriptions = new Set<SqliteAllSubscription>();
  // Mutated in place, never reassigned: a wrapper made with Object.create(store) shares them.
  private readonly queued: QueuedAppend[] = [];
  private readonly counts = { commits: 0 };
  private readonly recent: RecentEvents;
  private dataVersion: bigint;
  private closed = false;

  static open(file: string): SqliteEventStore {
    return new SqliteEventStore(file);
  }

  constructor(file: string) {
    this.db = openDatabase(file);
    this.db.defaultSafeIntegers(true);
    this.db.exec(EVENTS_TABLE_SQL);
    this.statements = prepareStatements(this.db);
    this.dataVersion = this.statements.dataVersion.get()!;
    this.recent = new RecentEvents(this.statements.lastPosition.get()!.position);
    // IMMEDIATE takes the write lock before the expectation is read, so another connection cannot
    // append between the check and the insert (and busy_timeout applies instead of a deadlock).
    this.appendInTransaction = this.db.transaction(this.appendRows.bind(this)).immediate;
    // Inside the group's transaction each append runs in a savepoint: one that fails is rolled back alone.
    const appendInSavepoint = this.db.transaction(this.appendRows.bind(this));
    this.appendGroup = this.db.transaction((appends: QueuedAppend[]) =>
      appends.map(({ streamId, rows, expected }): Settled => {
        try {
          return { ok: true, outcome: appendInSavepoint(streamId, rows, expected) };
        } catch (error) {
          // An error that ended the whole transaction (a full disk, I/O) fails the group: nothing is stored.
          if (!this.db.inTransaction) throw error;
          return { ok: false, error };
        }
      }),
    ).immediate;
  }

  /** Write transactions committed so far: appends made in the same turn of the event loop share one. */
  get commitCount(): number {
    return this.counts.commits;
  }

  async append(streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const expected = expectedRevision === -1n ? 'no_stream' : expectedRevision;
    const ids = events.map((event) => event.id);
    if (new Set(ids).size !== ids.length) throw new IdempotencyConflictError(streamId, ids, 'an id appears twice');
    // Serialised before the transaction so a value JSON cannot hold fails without taking the write lock.
    const rows = events.map((event): SerializedEvent => ({
      id: event.id,
      type: event.type,
      data: JSON.stringify(event.data ?? null),
      metadata: JSON.stringify(event.metadata ?? {}),
    }));
    if (this.closed) throw new Error('the event store is closed');
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(() => this.commitQueued());
      this.queued.push({ streamId, rows, expected, resolve, reject });
    });
  }

  /** The recent events, first forgotten if another connection has committed since they were checked. */
  private known(): RecentEvents {
    const version = this.statements.dataVersion.get()!;
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.recent.reset(this.statements.lastPosition.get()!.position);
    }
    return this.recent;
  }

  private wakeSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }

  /**
   * Group commit: better-sqlite3 blocks the event loop for each commit's fsync, so the appends made in one
   * turn of the loop (under load, every command whose socket message arrived in it) are written in one
   * transaction with one fsync. Each keeps its own expected-revision and idempotency check, in the order
   * they were made, and its own result; none resolves before the commit that holds it is durable.
   */
  private commitQueued(): void {
    const appends = this.queued.splice(0);
    if (appends.length === 0) return;
    this.known();
    const versionBefore = this.dataVersion;
    let settled: Settled[];
    try {
      settled =
        appends.length === 1
          ? [{ ok: true, outcome: this.appendInTransaction(appends[0]!.streamId, appends[0]!.rows, appends[0]!.expected) }]
          : this.appendGroup(appends);
      this.counts.commits += 1;
    } catch (error) {
      // A lone append's own refusal, or a transaction that could not begin or commit: nothing was stored.
      for (const append of appends) append.reject(error);
      return;
    }
    // Kept only when no other connection committed around this commit: then its events follow the last
    // known ones directly and nothing follows them.
    if (this.statements.dataVersion.get() === versionBefore) {
      for (const result of settled) if (result.ok) this.recent.add(result.outcome.recorded);
    } else this.known();
    settled.forEach((result, i) => (result.ok ? appends[i]!.resolve(result.outcome.result) : appends[i]!.reject(result.error)));
    // Subscribers (projections, the relay) catch up on a later turn, after the appenders' continuations
    // (a command's answer and pushes) have run: they are background work.
    if (settled.some((result) => result.ok && result.outcome.wroteEvents)) setImmediate(() => this.wakeSubscriptions());
  }

  private appendRows(streamId: string, rows: SerializedEvent[], expected: ExpectedRevision): AppendOutcome {
    const ids = rows.map((row) => row.id);
    const firstId = ids[0];
    const storedFirst = firstId === undefined ? undefined : this.statements.revisionOfEventId.get(streamId, firstId);
    if (storedFirst) return { result: this.originalResult(streamId, ids, storedFirst.revision), wroteEvents: false, recorded: [] };

    const head = this.statements.head.get(streamId);
    assertExpectedRevision(streamId, expected, head?.revision);
    if (rows.length === 0) {
      return { result: { nextExpectedRevision: head?.revision ?? -1n, position: head?.position ?? -1n }, wroteEvents: false, recorded: [] };
    }
    const createdAt = Date.now();
    let revision = head ? head.revision + 1n : 0n;
    let position = -1n;
    const recorded: RecordedEvent[] = [];
    for (const row of rows) {
      try {
        const info = this.statements.insert.run(streamId, revision, row.id, row.type, row.data, row.metadata, createdAt);
        position = BigInt(info.lastInsertRowid);
      } catch (error) {
        if (isEventIdConflict(error)) throw new IdempotencyConflictError(streamId, ids, `${row.id} is already stored`);
        throw error;
      }
      // Parsed back from what was stored, so no reader shares an object with the appender.
      recorded.push(toRecordedEvent({ position, stream_id: streamId, revision, event_id: row.id, type: row.type, data: row.data, metadata: row.metadata, created_at: BigInt(createdAt) }));
      revision += 1n;
    }
    return { result: { nextExpectedRevision: revision - 1n, position }, wroteEvents: true, recorded };
  }

  /** A retry is safe only if every id is stored, as one run from the first id's revision, in order. */
  private originalResult(streamId: string, ids: string[], firstRevision: bigint): AppendResult {
    const stored = this.statements.streamForwards.all(streamId, firstRevision, ids.length);
    const last = stored.at(-1);
    if (!last || stored.length !== ids.length || stored.some((row, i) => row.event_id !== ids[i])) {
      throw new IdempotencyConflictError(streamId, ids, `only part of them is stored, from revision ${firstRevision}`);
    }
    return { nextExpectedRevision: last.revision, position: last.position };
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
    this.commitQueued();
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
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

function assertExpectedRevision(streamId: string, expected: ExpectedRevision, current: bigint | undefined): void {
  const matches =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'stream_exists' && current !== undefined) ||
    (typeof expected === 'bigint' && current === expected);
  if (!matches) throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
}

/** Duck-typed: an error from the native module need not share this realm's Error (jest runs tests in a vm). */
function isEventIdConflict(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('events.event_id');
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
