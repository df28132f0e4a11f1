import { expectationHolds } from './expected-revision.js';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.js';
import {
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
} from './event-store.port.js';

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

/** An event as stored: its data and metadata already JSON. */
export interface SerializedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

export interface AppendRequest {
  streamId: string;
  rows: SerializedEvent[];
  expected: ExpectedRevision;
}

/** Where an append's events went: the i-th row is at firstPosition + i and firstRevision + i. */
export interface Placement {
  firstPosition: bigint;
  firstRevision: bigint;
  createdAt: number;
}

/** Errors cross a thread as data: a class does not survive structured cloning. */
export type WriteFailure =
  | { kind: 'wrong_revision'; streamId: string; expected: ExpectedRevision; actual: bigint | 'no_stream' }
  | { kind: 'idempotency'; streamId: string; ids: string[]; reason: string }
  | { kind: 'error'; name: string; message: string; code?: string };

/** One append of a group: its result and, when it stored events, where; or why it stored nothing. */
export type AppendSettled = { ok: true; result: AppendResult; placed: Placement | null } | { ok: false; failure: WriteFailure };

/** A whole group: each append settled on its own, or the transaction failed and nothing was stored. */
export type GroupOutcome = { ok: true; settled: AppendSettled[] } | { ok: false; failure: WriteFailure };

class StoredFailure extends Error {
  constructor(readonly failure: WriteFailure) {
    super('failure');
  }
}

export function toFailure(error: unknown): WriteFailure {
  if (error instanceof StoredFailure) return error.failure;
  const { name, message, code } = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  return {
    kind: 'error',
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** The error an appender gets for a failure, as the event store port defines it. */
export function failureError(failure: WriteFailure): Error {
  switch (failure.kind) {
    case 'wrong_revision':
      return new WrongExpectedRevisionError(failure.streamId, failure.expected, failure.actual);
    case 'idempotency':
      return new IdempotencyConflictError(failure.streamId, failure.ids, failure.reason);
    case 'error': {
      const error = new Error(failure.message) as Error & { code?: string };
      error.name = failure.name;
      if (failure.code) error.code = failure.code;
      return error;
    }
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    head: db.prepare<[string], { revision: bigint; position: bigint }>(
      'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
    ),
    revisionOfEventId: db.prepare<[string, string], { revision: bigint }>(
      'SELECT revision FROM events WHERE stream_id = ? AND event_id = ?',
    ),
    insert: db.prepare<[string, bigint, string, string, string, string, number], never>(
      'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    storedRun: db.prepare<[string, bigint, number], { revision: bigint; position: bigint; event_id: string }>(
      'SELECT revision, position, event_id FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
  };
}

/**
 * The event store's only writer: its own connection, every commit fsynced (synchronous=FULL) before the
 * commit becomes visible to the store's reading connection, so a reader never sees an event that a power
 * cut could take back. It runs on a worker thread when the code runs compiled (event-writer.worker.ts), so
 * the fsync does not stop the event loop, or on the calling thread (tests from sources).
 *
 * A group is one transaction: each append in it keeps its own expected-revision and idempotency check, in
 * order, so one that is refused is rolled back alone: in a savepoint when it has several events (some may be
 * inserted before one is refused); an append of one event needs none, as it is refused before its insert
 * or by its insert, which SQLite then undoes alone.
 */
export class EventWriter {
  private readonly db: SqliteDatabase;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly single: (append: AppendRequest) => AppendSettled;
  private readonly group: (appends: AppendRequest[]) => AppendSettled[];

  /**
   * `checkpointsElsewhere`: this connection never copies the WAL back into the file (wal_autocheckpoint=0)
   * because another connection on another thread does (see `checkpointWal`): a checkpoint here would hold up
   * the commit that triggered it, and every append queued behind it, for its copy and two fsyncs.
   * `waitForLock: false`: a write that finds another connection holding the file's write lock fails at once
   * with SQLITE_BUSY, having stored nothing (see `lockedOut`), instead of waiting up to busy_timeout: for a
   * writer on the event loop's thread, which must not stop for another connection.
   */
  constructor(file: string, { checkpointsElsewhere = false, waitForLock = true }: { checkpointsElsewhere?: boolean; waitForLock?: boolean } = {}) {
    this.db = openDatabase(file);
    if (checkpointsElsewhere) this.db.pragma('wal_autocheckpoint = 0');
    if (!waitForLock) this.db.pragma('busy_timeout = 0');
    this.db.defaultSafeIntegers(true);
    this.db.exec(EVENTS_TABLE_SQL);
    this.statements = prepareStatements(this.db);
    // IMMEDIATE takes the write lock before the expectation is read, so another connection cannot
    // append between the check and the insert (and busy_timeout applies instead of a deadlock).
    const appendRows = (append: AppendRequest): AppendSettled => this.appendRows(append);
    this.single = this.db.transaction(appendRows).immediate;
    const inSavepoint = this.db.transaction(appendRows);
    this.group = this.db.transaction((appends: AppendRequest[]) =>
      appends.map((append): AppendSettled => {
        try {
          return append.rows.length === 1 ? appendRows(append) : inSavepoint(append);
        } catch (error) {
          // An error that ended the whole transaction (a full disk, I/O) fails the group: nothing is stored.
          if (!this.db.inTransaction) throw error;
          return { ok: false, failure: toFailure(error) };
        }
      }),
    ).immediate;
  }

  write(appends: AppendRequest[]): GroupOutcome {
    try {
      if (appends.length === 1) return { ok: true, settled: [this.single(appends[0]!)] };
      return { ok: true, settled: this.group(appends) };
    } catch (error) {
      if (appends.length === 1 && error instanceof StoredFailure) return { ok: true, settled: [{ ok: false, failure: error.failure }] };
      return { ok: false, failure: toFailure(error) };
    }
  }

  /** See `checkpointWal`; for a writer whose connection `checkpointsElsewhere`, run between its commits. */
  checkpoint(): void {
    checkpointWal(this.db);
  }

  close(): void {
    this.db.close();
  }

  /**
   * A retry (its first id already stored in the stream) gets the original result whatever its expectation
   * says. It is looked for only when the append cannot go on as it is: its expectation fails, or its first
   * insert meets the stored id; a new append reads the stream's head and inserts, nothing more.
   */
  private appendRows({ streamId, rows, expected }: AppendRequest): AppendSettled {
    const ids = rows.map((row) => row.id);
    const head = this.statements.head.get(streamId);
    if (!expectationHolds(expected, head?.revision)) {
      const retried = this.retried(streamId, ids);
      if (retried) return retried;
      throw new StoredFailure({ kind: 'wrong_revision', streamId, expected, actual: head?.revision ?? 'no_stream' });
    }
    if (rows.length === 0) return { ok: true, result: { nextExpectedRevision: head?.revision ?? -1n, position: head?.position ?? -1n }, placed: null };
    const createdAt = Date.now();
    const firstRevision = head ? head.revision + 1n : 0n;
    let revision = firstRevision;
    let firstPosition = -1n;
    let position = -1n;
    for (const row of rows) {
      try {
        position = BigInt(this.statements.insert.run(streamId, revision, row.id, row.type, row.data, row.metadata, createdAt).lastInsertRowid);
      } catch (error) {
        if (!isEventIdConflict(error)) throw error;
        const retried = revision === firstRevision ? this.retried(streamId, ids) : null;
        if (retried) return retried;
        throw new StoredFailure({ kind: 'idempotency', streamId, ids, reason: `${row.id} is already stored` });
      }
      if (firstPosition < 0n) firstPosition = position;
      // Rows of one transaction get consecutive rowids: the writer holds the lock and never deletes.
      if (position !== firstPosition + (revision - firstRevision)) throw new Error(`events of one append got positions out of sequence in ${streamId}`);
      revision += 1n;
    }
    return { ok: true, result: { nextExpectedRevision: revision - 1n, position }, placed: { firstPosition, firstRevision, createdAt } };
  }

  /** The original result when the append's first id is stored in the stream; null when it is not. */
  private retried(streamId: string, ids: string[]): AppendSettled | null {
    const storedFirst = ids[0] === undefined ? undefined : this.statements.revisionOfEventId.get(streamId, ids[0]);
    return storedFirst ? { ok: true, result: this.originalResult(streamId, ids, storedFirst.revision), placed: null } : null;
  }

  /** A retry is safe only if every id is stored, as one run from the first id's revision, in order. */
  private originalResult(streamId: string, ids: string[], firstRevision: bigint): AppendResult {
    const stored = this.statements.storedRun.all(streamId, firstRevision, ids.length);
    const last = stored.at(-1);
    if (!last || stored.length !== ids.length || stored.some((row, i) => row.event_id !== ids[i])) {
      throw new StoredFailure({ kind: 'idempotency', streamId, ids, reason: `only part of them is stored, from revision ${firstRevision}` });
    }
    return { nextExpectedRevision: last.revision, position: last.position };
  }
}

/** The whole group failed because another connection held the write lock: nothing was stored, it can go elsewhere. */
export function lockedOut(outcome: GroupOutcome): boolean {
  return !outcome.ok && outcome.failure.kind === 'error' && (outcome.failure.code?.startsWith('SQLITE_BUSY') ?? false);
}

/**
 * Copies what it can of the WAL into the database file without waiting for or blocking anyone (PASSIVE):
 * the writer keeps committing meanwhile, and starts the WAL over at its next commit once all of it is copied.
 */
export function checkpointWal(db: SqliteDatabase): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}

/** Duck-typed: an error from the native module need not share this realm's Error (jest runs tests in a vm). */
function isEventIdConflict(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('events.event_id');
}
