import type { Statement, Transaction } from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '../logging/logger.js';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.js';
import type {
  CommitBatch,
  Comparison,
  Document,
  Filter,
  IndexField,
  ListOptions,
  ReadStore,
  Scalar,
  SortDirection,
  WriteOperation,
} from './read-store.port.js';
import { checkWritable, generationName, GenerationResolver, parseGenerationName, type GenerationRow, type Generations } from './generations.js';
import { type AcquireOptions, checkFence, type Lease, type LeaseHolder, mayTake, taken } from './leases.js';
import { checkCollection, checkCount, checkDocumentId, checkField, checkPrefix, checkScalar, prefixRange, serialise } from './read-store-input.js';

/**
 * The read store's shared tables. Each collection's documents have a table of their own, named by its
 * physical name (documentsTable), so each generation of each read model has its own tables.
 */
export const SCHEMA_SQL = `
  CREATE TABLE IF NOT EXISTS read_checkpoints (
    projection TEXT    PRIMARY KEY,
    position   INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS read_versions (
    projection TEXT    PRIMARY KEY,
    version    INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS read_leases (
    name       TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    host       TEXT    NOT NULL,
    pid        INTEGER NOT NULL,
    token      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS read_generations (
    projection  TEXT    PRIMARY KEY,
    active      INTEGER NOT NULL,
    building    INTEGER,
    collections TEXT    NOT NULL
  ) STRICT;`;

const TABLE_PREFIX = 'documents:';

/**
 * A collection's table (its physical name: `leaderboard@3` for generation 3), quoted for SQL.
 *
 * A table per collection and generation, not one shared table: SQLite builds an index, and drops a set of
 * rows, by reading the table it is on. With one table for every collection, each index a rebuild made at
 * its end read every document of every generation present — the serving generation's too — and emptying
 * the replaced generation deleted its rows one by one through every index (measured at 1,000,000 events:
 * 141 s for a rebuild over the live store against 60–65 s into an empty one). Now an index reads its own
 * collection's rows, and a replaced generation is dropped table by table.
 */
export function documentsTable(collection: string): string {
  return `"${TABLE_PREFIX}${checkCollection(collection)}"`;
}

/** Creates a collection's table if it has none yet (exported for the benches' hand-written baselines). */
export function documentsTableSql(collection: string): string {
  return `CREATE TABLE IF NOT EXISTS ${documentsTable(collection)} (
    id       TEXT    PRIMARY KEY,
    revision INTEGER NOT NULL,
    body     TEXT    NOT NULL
  ) STRICT`;
}

/** The collections (physical names) that have a table in `db`. */
export function collectionsWithTables(db: SqliteDatabase): string[] {
  return db
    .prepare<[string, string], string>("SELECT substr(name, length(?) + 1) FROM sqlite_schema WHERE type = 'table' AND name GLOB ? || '*'")
    .pluck()
    .all(TABLE_PREFIX, TABLE_PREFIX);
}

/**
 * How long a write is tried again while another connection holds the write lock. Each try waits up to
 * busy_timeout (5 s) when SQLite calls its busy handler, but SQLite does not always: beside another rebuild
 * thread's large commit and index builds, commits were refused after ~65 ms a try (measured under a CPU
 * profiler at 1,000,000 events: twelve tries in about two seconds, and the rebuild failed). So the tries are
 * bounded by time, not by count.
 */
const BUSY_WAIT_MS = 60_000;

/** Filters with `$in` lists of many lengths each make their own statement; keep the most recent ones. */
const STATEMENT_CACHE_SIZE = 200;
const NO_LIMIT = -1;
/** As encoded by fieldSql. */
const FALSE = Buffer.from([2]);
const TRUE = Buffer.from([3]);

/** An upsert's document checked (collection, id) and turned into JSON, as stored. */
function bodyOf(collection: string, document: Document): string {
  checkCollection(collection);
  checkDocumentId(collection, document);
  return serialise(collection, document);
}

/**
 * Runs a write, tried again for up to BUSY_WAIT_MS while another connection holds the write lock: a rebuild's thread indexing a large new generation holds it for tens of seconds, and neither
 * a live commit nor another rebuild thread's switch should fail for that.
 */
async function whileBusy<T>(write: () => T): Promise<T> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    try {
      return write();
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      await sleep(100);
    }
  }
}

interface LeaseRow {
  name: string;
  holder: string;
  host: string;
  pid: number;
  token: number;
  expires_at: number;
}

type SqlParam = string | number | bigint | Buffer | null;
export interface SqlQuery {
  sql: string;
  params: SqlParam[];
}

/** One collection's statements, prepared when it is first used. */
interface TableStatements {
  get: Statement<[string], string>;
  upsert: Statement<[string, bigint, string], never>;
  remove: Statement<[string], never>;
  removeFrom: Statement<[string], never>;
  removeRange: Statement<[string, string], never>;
}

/** SQLite's answer for a statement on a table that does not exist (a collection with no documents yet). */
function isMissingTable(error: unknown): boolean {
  // (Not `instanceof Error`: better-sqlite3's errors may come from another realm, as under jest.)
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_ERROR' && typeof message === 'string' && message.startsWith('no such table');
}

/** `read()`, or `empty` when its collection has no table (no documents yet, or its generation was dropped). */
function orEmpty<T>(read: () => T, empty: T): T {
  try {
    return read();
  } catch (error) {
    if (isMissingTable(error)) return empty;
    throw error;
  }
}

export class SqliteReadStore implements ReadStore {
  private readonly db: SqliteDatabase;
  private readonly statements = new Map<string, Statement<SqlParam[], unknown>>();
  private readonly tableStatements = new Map<string, TableStatements>();
  private readonly readCheckpoint: Statement<[string], bigint>;
  private readonly readVersion: Statement<[string], number>;
  private readonly writeVersion: Statement<[string, number]>;
  private readonly advanceCheckpoint: Statement<[string, bigint], never>;
  private readonly forget: Statement<[string], never>;
  private readonly readGeneration: Statement<[string], { active: number; building: number | null; collections: string }>;
  private readonly readGenerations: Statement<[], { projection: string; active: number; building: number | null; collections: string }>;
  private readonly writeGeneration: Statement<[string, number, number | null, string], never>;
  private readonly dataVersion: Statement<[], number>;
  private readonly readLeaseRow: Statement<[string], LeaseRow>;
  private readonly writeLease: Statement<[string, string, string, number, number, number], never>;
  private readonly endLease: Statement<[number, string, string], never>;
  /** The active generations as of `version` (SQLite's data_version: it changes when another connection commits). */
  private resolver: { version: number; resolve: GenerationResolver } | null = null;
  /**
   * Collections this connection has made or found a table for. A write to one not here makes its table
   * first; one dropped since by another connection is made again at the write that finds it missing.
   */
  private readonly tables = new Set<string>();
  private readonly commitTransaction: Transaction<(batch: CommitBatch, bodies: ReadonlyArray<string | null>) => boolean>;
  private readonly resetTransaction: Transaction<(projection: string, collections: string[]) => void>;

  static open(file: string): SqliteReadStore {
    return new SqliteReadStore(file);
  }

  constructor(file: string) {
    this.db = openReadStoreDatabase(file);
    this.db.exec(SCHEMA_SQL);
    moveSharedTable(this.db);
    this.readCheckpoint = this.db.prepare<[string], bigint>(
      'SELECT position FROM read_checkpoints WHERE projection = ?',
    ).pluck().safeIntegers();
    this.advanceCheckpoint = this.db.prepare(
      `INSERT INTO read_checkpoints (projection, position) VALUES (?, ?)
       ON CONFLICT (projection) DO UPDATE SET position = excluded.position
       WHERE excluded.position > read_checkpoints.position`,
    );
    this.forget = this.db.prepare('DELETE FROM read_checkpoints WHERE projection = ?');
    this.readVersion = this.db.prepare<[string], number>('SELECT version FROM read_versions WHERE projection = ?').pluck();
    this.writeVersion = this.db.prepare('INSERT INTO read_versions (projection, version) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET version = excluded.version');
    this.readGeneration = this.db.prepare<[string], { active: number; building: number | null; collections: string }>(
      'SELECT active, building, collections FROM read_generations WHERE projection = ?',
    );
    this.readGenerations = this.db.prepare('SELECT projection, active, building, collections FROM read_generations');
    this.writeGeneration = this.db.prepare(
      `INSERT INTO read_generations (projection, active, building, collections) VALUES (?, ?, ?, ?)
       ON CONFLICT (projection) DO UPDATE SET active = excluded.active, building = excluded.building, collections = excluded.collections`,
    );
    this.dataVersion = this.db.prepare<[], number>('PRAGMA data_version').pluck();
    this.readLeaseRow = this.db.prepare('SELECT name, holder, host, pid, token, expires_at FROM read_leases WHERE name = ?');
    this.writeLease = this.db.prepare(
      `INSERT INTO read_leases (name, holder, host, pid, token, expires_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, host = excluded.host, pid = excluded.pid, token = excluded.token, expires_at = excluded.expires_at`,
    );
    this.endLease = this.db.prepare('UPDATE read_leases SET expires_at = ? WHERE name = ? AND holder = ? AND expires_at > 0');
    this.commitTransaction = this.db.transaction((batch: CommitBatch, bodies: ReadonlyArray<string | null>): boolean => {
      const { base } = parseGenerationName(batch.projection);
      checkWritable(batch.projection, this.generationRow(base));
      if (batch.fence !== undefined) checkFence(base, batch.fence, this.leaseOf(base)?.token ?? null);
      // Moving the checkpoint first tells whether the batch is new; a failure in any later write rolls
      // the move back together with the writes.
      if (this.advanceCheckpoint.run(batch.projection, batch.position).changes === 0) return false;
      batch.writes.forEach((write, i) => this.apply(write, bodies[i]!));
      return true;
    });
    this.resetTransaction = this.db.transaction((projection: string, collections: string[]) => {
      this.dropTables(collections);
      this.forget.run(projection);
    });
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const table = this.resolve(collection);
    const body = orEmpty(() => this.statementsOf(table).get.get(id), undefined);
    return body === undefined ? null : (JSON.parse(body) as T);
  }

  async list<T extends Document>(collection: string, options: ListOptions = {}): Promise<T[]> {
    const { sql, params } = listQuery(this.resolve(collection), options);
    return orEmpty(() => this.statement(sql).all(...params) as string[], []).map((body) => JSON.parse(body) as T);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    const { sql, params } = countQuery(this.resolve(collection), filter);
    return orEmpty(() => this.statement(sql).get(...params) as number, 0);
  }

  async countAbove(collection: string, field: string, value: number, filter?: Filter): Promise<number> {
    if (typeof value !== 'number') throw new TypeError(`read store: countAbove needs a number, got ${String(value)}`);
    const { sql, params } = countQuery(this.resolve(collection), filter, [field, value]);
    return orEmpty(() => this.statement(sql).get(...params) as number, 0);
  }

  async ensureIndex(collection: string, fields: IndexField[]): Promise<void> {
    const sql = indexSql(collection, fields);
    await whileBusy(() => this.db.exec(`${documentsTableSql(collection)}; ${sql}`));
    this.tables.add(collection);
  }

  async commit(batch: CommitBatch): Promise<boolean> {
    // IMMEDIATE takes the write lock before reading the checkpoint, so no other connection can commit
    // the same batch in between.
    // Each document is checked and turned into JSON before the write lock is taken, so the lock is held for
    // the writes alone: another connection waits less (a rebuild's final commit of its 46,000 leaderboard
    // documents at 100,000 events, while the other rebuild thread waits to commit its own: ~70 ms less).
    const bodies = batch.writes.map((write) => (write.kind === 'upsert' ? bodyOf(write.collection, write.document) : null));
    return whileBusy(() => this.commitTransaction.immediate(batch, bodies));
  }

  async checkpoint(projection: string): Promise<bigint | null> {
    return this.readCheckpoint.get(this.physicalProjection(projection)) ?? null;
  }

  async readModelVersion(projection: string): Promise<number | null> {
    return this.readVersion.get(this.physicalProjection(projection)) ?? null;
  }

  /** A projection's name as checkpoints and versions are stored: the active generation's for a plain name. */
  private physicalProjection(projection: string): string {
    return projection.includes('@') ? projection : this.activeGenerations().projection(projection);
  }

  async recordReadModelVersion(projection: string, version: number, collections?: string[]): Promise<void> {
    if (!Number.isSafeInteger(version) || version < 0) throw new TypeError(`read store: invalid read model version ${version}`);
    collections?.forEach(checkCollection);
    const { base, generation } = parseGenerationName(projection);
    await whileBusy(() => this.db.transaction(() => {
      this.writeVersion.run(projection, version);
      const row = this.generationRow(base);
      if (collections && row && generation > 0 && row.active === generation) this.writeGeneration.run(base, row.active, row.building, JSON.stringify(collections));
    }).immediate());
    this.resolver = null;
  }

  async reset(projection: string, collections: string[]): Promise<void> {
    collections.forEach(checkCollection);
    await whileBusy(() => this.resetTransaction.immediate(projection, collections));
  }

  async generations(projection: string): Promise<Generations> {
    const row = this.generationRow(projection);
    return { active: row?.active ?? 0, building: row?.building ?? null };
  }

  async beginGeneration(projection: string, collections: string[]): Promise<number> {
    collections.forEach(checkCollection);
    return whileBusy(() => this.db.transaction(() => {
      const row = this.generationRow(projection);
      const active = row?.active ?? 0;
      const generation = row?.building ?? active + 1;
      this.dropTables(collections.map((collection) => generationName(collection, generation)));
      this.forget.run(generationName(projection, generation));
      this.writeGeneration.run(projection, active, generation, JSON.stringify(row?.collections ?? collections));
      return generation;
    }).immediate());
  }

  async switchGeneration(projection: string, collections: string[], generation: number): Promise<boolean> {
    collections.forEach(checkCollection);
    const switched = await whileBusy(() => this.db.transaction((): boolean => {
      const row = this.generationRow(projection);
      if (row?.building !== generation) throw new Error(`read store: ${projection} is not building generation ${generation}`);
      const reached = this.readCheckpoint.get(generationName(projection, generation)) ?? null;
      const serving = this.readCheckpoint.get(generationName(projection, row.active)) ?? null;
      if (serving !== null && (reached === null || reached < serving)) return false;
      this.writeGeneration.run(projection, generation, null, JSON.stringify(collections));
      return true;
    }).immediate());
    // This connection's own write leaves data_version as it was: read the generations again.
    this.resolver = null;
    return switched;
  }

  async acquireLease(name: string, holder: LeaseHolder, ttlMs: number, options: AcquireOptions = {}): Promise<Lease | null> {
    const now = options.now ?? Date.now();
    return whileBusy(() => this.db.transaction((): Lease | null => {
      const current = this.leaseOf(name);
      if (!mayTake(current, holder, now, options.replacing)) return null;
      const lease = taken(name, current, holder, now, ttlMs);
      this.writeLease.run(name, holder.id, holder.host, holder.pid, lease.token, lease.expiresAt);
      return lease;
    }).immediate());
  }

  async readLease(name: string): Promise<Lease | null> {
    return this.leaseOf(name);
  }

  async releaseLease(name: string, holderId: string): Promise<void> {
    // Expired, not removed: the token must keep growing for the next holder.
    await whileBusy(() => this.endLease.run(0, name, holderId));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private leaseOf(name: string): Lease | null {
    const row = this.readLeaseRow.get(name);
    return row ? { name, holder: { id: row.holder, host: row.host, pid: row.pid }, token: row.token, expiresAt: row.expires_at } : null;
  }

  private generationRow(projection: string): GenerationRow | null {
    const row = this.readGeneration.get(projection);
    return row ? { projection, active: row.active, building: row.building, collections: JSON.parse(row.collections) as string[] } : null;
  }

  /** The active generations, read again only after some connection wrote (1 µs to ask SQLite). */
  private activeGenerations(): GenerationResolver {
    const version = this.dataVersion.get() as number;
    if (this.resolver?.version !== version) {
      const rows = this.readGenerations.all().map((row) => ({ ...row, collections: JSON.parse(row.collections) as string[] }));
      this.resolver = { version, resolve: new GenerationResolver(rows) };
    }
    return this.resolver.resolve;
  }

  private resolve(collection: string): string {
    // A generation's physical name (a rebuild's own reads) is never resolved.
    return collection.includes('@') ? checkCollection(collection) : this.activeGenerations().collection(checkCollection(collection));
  }

  private dropTables(collections: readonly string[]): void {
    for (const collection of collections) {
      this.db.exec(`DROP TABLE IF EXISTS ${documentsTable(collection)}`);
      this.tables.delete(collection);
      this.tableStatements.delete(collection);
    }
  }

  /** Makes the collection's table unless this connection knows it has one. */
  private withTable(collection: string): TableStatements {
    if (!this.tables.has(collection)) {
      this.db.exec(documentsTableSql(collection));
      this.tables.add(collection);
    }
    return this.statementsOf(collection);
  }

  private statementsOf(collection: string): TableStatements {
    let statements = this.tableStatements.get(collection);
    if (!statements) {
      const table = documentsTable(collection);
      statements = {
        get: this.db.prepare<[string], string>(`SELECT body FROM ${table} WHERE id = ?`).pluck(),
        upsert: this.db.prepare(
          `INSERT INTO ${table} (id, revision, body) VALUES (?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, body = excluded.body
           WHERE excluded.revision > ${table}.revision`,
        ),
        remove: this.db.prepare(`DELETE FROM ${table} WHERE id = ?`),
        // A prefix as a range of the primary key (read-store-input.ts prefixRange): no scan.
        removeFrom: this.db.prepare(`DELETE FROM ${table} WHERE id >= ?`),
        removeRange: this.db.prepare(`DELETE FROM ${table} WHERE id >= ? AND id < ?`),
      };
      this.tableStatements.set(collection, statements);
    }
    return statements;
  }

  /** One write of a batch; an upsert with its document's JSON (bodyOf). */
  private apply(write: WriteOperation, body: string | null): void {
    switch (write.kind) {
      case 'upsert': {
        const { collection, document, revision } = write;
        if (body === null) throw new TypeError(`read store: upsert of ${collection}/${document.id} without its JSON`);
        try {
          this.withTable(collection).upsert.run(document.id, revision, body);
        } catch (error) {
          // Dropped by another connection since this one made or found it (a reset): made again.
          if (!isMissingTable(error)) throw error;
          this.tables.delete(collection);
          this.withTable(collection).upsert.run(document.id, revision, body);
        }
        return;
      }
      case 'delete':
        orEmpty(() => this.statementsOf(checkCollection(write.collection)).remove.run(write.id), undefined);
        return;
      case 'deletePrefix': {
        const { from, to } = prefixRange(checkPrefix(checkCollection(write.collection), write.prefix));
        const statements = () => this.statementsOf(write.collection);
        orEmpty(() => (to === null ? statements().removeFrom.run(from) : statements().removeRange.run(from, to)), undefined);
        return;
      }
      default: {
        const unexpected: never = write;
        throw new TypeError(`read store: unknown write ${JSON.stringify(unexpected)}`);
      }
    }
  }

  private statement(sql: string): Statement<SqlParam[], unknown> {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare<SqlParam[], unknown>(sql).pluck();
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        this.statements.delete(this.statements.keys().next().value as string);
      }
    }
    this.statements.set(sql, statement);
    return statement;
  }
}

/**
 * A read store made before each collection had its own table kept every document in `read_documents`:
 * its documents are moved, collection by collection, into their tables, in one transaction, and the old
 * table and its indexes dropped (the read models' indexes are made again as their projections start).
 * Another connection opening the file meanwhile waits for the move (each try waits SQLite's busy timeout).
 */
function moveSharedTable(db: SqliteDatabase): void {
  const shared = "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'read_documents'";
  if (db.prepare(shared).pluck().get() === 0) return;
  const move = db.transaction((): { documents: number; collections: number } | null => {
    if (db.prepare(shared).pluck().get() === 0) return null;
    const collections = db.prepare<[], string>('SELECT DISTINCT collection FROM read_documents').pluck().all();
    let documents = 0;
    for (const collection of collections) {
      db.exec(documentsTableSql(collection));
      documents += db.prepare(`INSERT INTO ${documentsTable(collection)} (id, revision, body) SELECT id, revision, body FROM read_documents WHERE collection = ? ORDER BY id`).run(collection).changes;
    }
    db.exec('DROP TABLE read_documents');
    return { documents, collections: collections.length };
  });
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    try {
      const moved = move.immediate();
      if (moved) new Logger('read-store').log(`moved ${moved.documents} documents of ${moved.collections} collections into a table each (once, for this version's layout)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
    }
  }
}

/** The SQL behind `list`; exported so tests can ask SQLite how it runs it. */
export function listQuery(collection: string, options: ListOptions = {}): SqlQuery {
  const params: SqlParam[] = [];
  const where = whereSql(filterTerms(options.filter, params));
  params.push(checkCount('skip', options.skip) ?? 0);
  // The limit is written into the statement: a bound LIMIT made SQLite take about 25 µs more on every run
  // of a 10-row range (measured: 40 µs against 15). Limits are page sizes, so statements stay few.
  const limit = checkCount('limit', options.limit) ?? NO_LIMIT;
  return {
    sql: `SELECT body FROM ${documentsTable(collection)}${where} ORDER BY ${orderBySql(options.sort)} LIMIT ${limit} OFFSET ?`,
    params,
  };
}

/** The SQL behind `count` and, with `above`, `countAbove`; exported like listQuery. */
export function countQuery(collection: string, filter?: Filter, above?: [field: string, value: number]): SqlQuery {
  const params: SqlParam[] = [];
  const terms = filterTerms(filter, params);
  if (above) terms.push(rangeSql(fieldSql(above[0]), '$gt', checkScalar(above[0], above[1]), params));
  return { sql: `SELECT count(*) FROM ${documentsTable(collection)}${whereSql(terms)}`, params };
}

/**
 * The read store's SQLite file as the store opens it. Read models are rebuilt from the event store, so losing
 * their last commits to a power cut is harmless (`normal`). Sorts — an index build above all — may use one
 * helper thread (SQLite's multi-threaded sorter): a rebuild's last, largest index builds run when the other
 * read models are done and a core is idle (bench:rebuild, 731,000 leaderboard rows: −20 % per index).
 */
export function openReadStoreDatabase(file: string): SqliteDatabase {
  const db = openDatabase(file, 'normal');
  db.pragma('threads = 1');
  return db;
}

/**
 * The index's expressions are the very ones queries use, or SQLite would not match them. `id` closes
 * every index, ascending, so the tie-break of a sort is read from the index too. Each index is on its
 * collection's own table (documentsTable), so it holds that collection's documents only.
 */
export function indexSql(collection: string, fields: IndexField[]): string {
  checkCollection(collection);
  if (fields.length === 0) throw new TypeError(`read store: an index on "${collection}" needs at least one field`);
  const spec = fields.map((field): [string, SortDirection] => (typeof field === 'string' ? [field, 'asc'] : field));
  const columns = spec.map(([field, direction]) => `${fieldSql(field)} ${directionSql(direction)}`);
  if (!spec.some(([field]) => field === 'id')) columns.push('id ASC');
  const suffix = `${collection}:${spec.map(([field, direction]) => (direction === 'desc' ? `-${field}` : field)).join(',')}`;
  return `CREATE INDEX IF NOT EXISTS "index:${suffix}" ON ${documentsTable(collection)} (${columns.join(', ')})`;
}

/**
 * json_extract alone returns 1/0 for JSON booleans and JSON text for objects and arrays, so `true` would
 * equal 1 and an object would compare as a string. Those types become one-byte blobs instead. SQLite
 * orders NULL < numbers < text < blobs, so each JSON type keeps a range of its own, in MongoDB's order
 * (objects, arrays, then booleans last); equality is exact, and the value still lives in the index, so
 * counts never read the rows.
 */
function fieldSql(field: string): string {
  checkField(field);
  if (field === 'id') return 'id';
  const path = `'$.${field}'`;
  return (
    `CASE json_type(body, ${path}) WHEN 'object' THEN x'00' WHEN 'array' THEN x'01' ` +
    `WHEN 'false' THEN x'02' WHEN 'true' THEN x'03' ELSE json_extract(body, ${path}) END`
  );
}

const whereSql = (terms: readonly string[]) => (terms.length === 0 ? '' : ` WHERE ${terms.join(' AND ')}`);

function filterTerms(filter: Filter = {}, params: SqlParam[]): string[] {
  const terms: string[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const expression = fieldSql(field);
    if (isComparison(condition)) terms.push(...comparisonSql(field, expression, condition, params));
    else terms.push(equalsSql(expression, checkScalar(field, condition), params));
  }
  return terms;
}

function isComparison(condition: Scalar | Comparison): condition is Comparison {
  return typeof condition === 'object' && condition !== null && !Array.isArray(condition);
}

function equalsSql(expression: string, value: Scalar, params: SqlParam[]): string {
  if (value === null) return `${expression} IS NULL`;
  params.push(sqlValue(value));
  return `${expression} = ?`;
}

function comparisonSql(field: string, expression: string, comparison: Comparison, params: SqlParam[]): string[] {
  const entries = Object.entries(comparison);
  if (entries.length === 0) throw new TypeError(`read store: empty comparison on field "${field}"`);
  const bounded = boundedOnBothSides(comparison);
  return entries.map(([operator, operand]) => {
    switch (operator) {
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return rangeSql(expression, operator, checkScalar(field, operand), params, bounded);
      case '$ne':
        // IS NOT also holds for NULL, so documents without the field match, as in MongoDB.
        params.push(sqlValue(checkScalar(field, operand)));
        return `${expression} IS NOT ?`;
      case '$in':
        return inSql(field, expression, operand, params);
      default:
        throw new TypeError(`read store: unsupported operator ${operator} on field "${field}"`);
    }
  });
}

const RANGE_OPERATORS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
/** The smallest value of each type and of the type after it, in SQLite's order (see fieldSql). */
const TYPE_BOUNDS = {
  number: { lowest: null, next: "''" },
  string: { lowest: "''", next: "x''" },
  boolean: { lowest: "x'02'", next: null },
} as const;

/**
 * A range closed on both sides by operands of one type (`{ $gte: 10, $lt: 20 }`) already excludes every
 * other type, so it needs no type bounds: with them, SQLite would take `< ''` as the upper end of the index
 * range and test every entry past 10 by hand. (Mixed types keep them: `{ $gt: 5, $lt: 'b' }` must not
 * match the strings below 'b'.)
 */
function boundedOnBothSides(comparison: Comparison): boolean {
  const lower = comparison.$gt ?? comparison.$gte;
  const upper = comparison.$lt ?? comparison.$lte;
  return lower !== undefined && upper !== undefined && lower !== null && upper !== null && typeof lower === typeof upper;
}

function rangeSql(
  expression: string,
  operator: keyof typeof RANGE_OPERATORS,
  operand: Scalar,
  params: SqlParam[],
  bounded = false,
): string {
  if (operand === null) throw new TypeError(`read store: ${operator} needs a number, string or boolean, not null`);
  const bounds = TYPE_BOUNDS[typeof operand as keyof typeof TYPE_BOUNDS];
  // A comparison with NULL is never true, so only the side open towards another type needs a bound.
  const upwards = operator === '$gt' || operator === '$gte';
  const bound = bounded ? null : upwards ? bounds.next : bounds.lowest;
  const sameType = bound === null ? '' : ` AND ${expression} ${upwards ? '<' : '>='} ${bound}`;
  params.push(sqlValue(operand));
  return `${expression} ${RANGE_OPERATORS[operator]} ?${sameType}`;
}

function inSql(field: string, expression: string, operand: unknown, params: SqlParam[]): string {
  if (!Array.isArray(operand)) throw new TypeError(`read store: $in on field "${field}" needs an array`);
  const values = operand.map((value) => checkScalar(field, value));
  const present = values.filter((value) => value !== null);
  const terms: string[] = [];
  if (present.length > 0) {
    params.push(...present.map(sqlValue));
    terms.push(`${expression} IN (${present.map(() => '?').join(', ')})`);
  }
  if (present.length < values.length) terms.push(`${expression} IS NULL`);
  if (terms.length === 0) return 'FALSE';
  return terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`;
}

function orderBySql(sort: ListOptions['sort'] = []): string {
  const terms = sort.map(([field, direction]) => `${fieldSql(field)} ${directionSql(direction)}`);
  if (!sort.some(([field]) => field === 'id')) terms.push('id ASC');
  return terms.join(', ');
}

function directionSql(direction: SortDirection): string {
  if (direction === 'asc') return 'ASC';
  if (direction === 'desc') return 'DESC';
  throw new TypeError(`read store: sort direction must be 'asc' or 'desc', not ${JSON.stringify(direction)}`);
}

function sqlValue(value: Scalar): SqlParam {
  if (typeof value === 'boolean') return value ? TRUE : FALSE;
  return value;
}
