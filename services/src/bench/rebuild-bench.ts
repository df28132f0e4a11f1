/**
 * `npm run bench:rebuild`: how fast every read model is rebuilt from the event log, beside the least
 * any rebuild must do with the same log — read every row and parse its JSON — timed in the same run.
 *
 * A realistic log of BENCH_EVENTS events (default 1,000,000: bench/rebuild/realistic-log.ts) is written to
 * a SQLite event store in a temp directory; then, alternating so machine noise hits both sides:
 * - raw: one better-sqlite3 scan of the events table in position order, JSON.parse of each row's data and
 *   metadata (what the event store's own reads do, with nothing else);
 * - rebuild: `npm run ops -- rebuild all`'s code (ops/rebuild-on-thread.ts) into a fresh read store: every
 *   read model, blue/green, on BENCH_THREADS worker threads (default 1) each reading the log once,
 *   through the event store port, the projections and the read store port, until every generation has
 *   switched.
 * - rebuild over the live store: the same again over the read store the rebuild above left, as an
 *   operator's runs — a new generation built beside the serving one, which is dropped once replaced.
 * - same writes by hand: the raw scan above, then the very writes the rebuild committed (recorded once, in
 *   an untimed rebuild before the rounds), batch by batch with its checkpoint, by better-sqlite3 with the
 *   read store's own statements into a fresh file with the same schema and pragmas, and the same indexes
 *   made after: the same durable work with the same batching, without the projections and the ports.
 * - essential: the least any rebuild must do — the raw scan, then the rebuild's final documents inserted
 *   once, 10,000 to a transaction, and the same indexes.
 * Prints events/s of each (median of BENCH_ROUNDS, default 3), the ratios and the targets: ≥ 100,000
 * events/s and rebuild/raw ≥ 0.3 (issue 25's), rebuild/same writes ≥ 0.3 (proposed then: see README),
 * rebuild/essential ≥ 0.5 and ≤ 90 s per 1,000,000 events (issue 29's). BENCH_THREADS defaults to the
 * operator's rebuild's: the machine's cores, at most 2.
 */
import type { Statement } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { rebuildInParallel } from '../ops/rebuild-on-thread.js';
import { rebuildReadModels } from '../ops/rebuild.js';
import { EventWriter } from '../platform/event-store/event-writer.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import type { CommitBatch, ReadStore } from '../platform/read-store/read-store.port.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { generationName } from '../platform/read-store/generations.js';
import { prefixRange } from '../platform/read-store/read-store-input.js';
import { collectionsWithTables, documentsTable, documentsTableSql, indexSql, openReadStoreDatabase, SCHEMA_SQL } from '../platform/read-store/sqlite-read-store.js';
import { openDatabase } from '../platform/sqlite/open-database.js';
import { allProjections } from '../projections/all-projections.js';
import { realisticLog } from './rebuild/realistic-log.js';

const TARGET_EVENTS_PER_SECOND = 100_000;
const TARGET_RATIO = 0.3;
/** Issue 29's: the rebuild at least half as fast as the essential minimum, and 1,000,000 events in 90 s. */
const TARGET_ESSENTIAL_RATIO = 0.5;
const TARGET_SECONDS_PER_MILLION = 90;

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name] ?? String(fallback);
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number > 0, got "${raw}"`);
  return n;
}

let scans = 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (n: number) => `${Math.round(n).toLocaleString('en')} events/s`;

function writeLog(file: string, total: number): number {
  const writer = new EventWriter(file);
  let events = 0;
  let group: Parameters<EventWriter['write']>[0] = [];
  const flush = () => {
    const outcome = writer.write(group);
    if (!outcome.ok) throw new Error(`writing the bench log failed: ${JSON.stringify(outcome.failure)}`);
    group = [];
  };
  for (const appends of realisticLog(total)) {
    for (const append of appends) {
      group.push(append);
      events += append.rows.length;
    }
    if (group.length >= 2000) flush();
  }
  if (group.length > 0) flush();
  writer.close();
  return events;
}

function rawScan(file: string): number {
  const db = openDatabase(file);
  db.defaultSafeIntegers(true);
  const started = performance.now();
  scans += 1;
  let events = 0;
  for (const row of db.prepare<[], { data: string; metadata: string }>('SELECT * FROM events ORDER BY position').iterate()) {
    JSON.parse(row.data);
    JSON.parse(row.metadata);
    events += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return events / seconds;
}

/** Into an empty read store (`overLive` false) or over the one the last rebuild left, as an operator's. */
async function rebuild(dir: string, readsFile: string, total: number, threads: number, overLive: boolean): Promise<{ perSecond: number; documents: Map<string, number>; generations: Map<string, number> }> {
  if (!overLive) for (const suffix of ['', '-wal', '-shm']) rmSync(readsFile + suffix, { force: true });
  const started = performance.now();
  const stores = { dataDir: dir, stores: { eventStore: { kind: 'sqlite' }, readStore: { kind: 'sqlite' }, bus: { kind: 'in-process' } } } as const;
  // As `npm run ops -- rebuild all` runs it: the costliest group on this thread, the other on its own.
  const results = await rebuildInParallel({ stores, names: allProjections.map((projection) => projection.name), graceMs: 0 }, () => {}, { threads, onThisThread: true }).done;
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: total / seconds, documents: new Map(results.map((result) => [result.name, result.documents])), generations: new Map(results.map((result) => [result.name, result.generation])) };
}

interface StoredDocument {
  collection: string;
  id: string;
  revision: bigint;
  body: string;
}

/** The rebuilt read store's documents, to write again by hand. */
function documentsOf(readsFile: string): StoredDocument[] {
  const db = openDatabase(readsFile);
  db.defaultSafeIntegers(true);
  try {
    return collectionsWithTables(db).flatMap((collection) =>
      db.prepare<[], Omit<StoredDocument, 'collection'>>(`SELECT id, revision, body FROM ${documentsTable(collection)}`).all().map((row) => ({ collection, ...row })),
    );
  } finally {
    db.close();
  }
}

const RECORDED_SQL = `CREATE TABLE writes (
  batch INTEGER NOT NULL, projection TEXT NOT NULL, position INTEGER NOT NULL,
  kind TEXT NOT NULL, collection TEXT, id TEXT, revision INTEGER, body TEXT)`;

/**
 * Rebuilds once (untimed) through a read store that also records every batch it commits, writes and
 * checkpoint, in order, into `writesFile`; returns each read model's new generation.
 */
async function recordWrites(eventsFile: string, readsFile: string, writesFile: string): Promise<Map<string, number>> {
  const recorded = openDatabase(writesFile, 'normal');
  recorded.exec(RECORDED_SQL);
  const insert = recorded.prepare<[number, string, bigint, string, string | null, string | null, bigint | null, string | null]>('INSERT INTO writes VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const record = recorded.transaction((batchNumber: number, batch: CommitBatch) => {
    insert.run(batchNumber, batch.projection, batch.position, 'checkpoint', null, null, null, null);
    for (const write of batch.writes) {
      if (write.kind === 'upsert') insert.run(batchNumber, batch.projection, batch.position, 'upsert', write.collection, write.document.id, write.revision, JSON.stringify(write.document));
      else if (write.kind === 'delete') insert.run(batchNumber, batch.projection, batch.position, 'delete', write.collection, write.id, null, null);
      else insert.run(batchNumber, batch.projection, batch.position, 'deletePrefix', write.collection, write.prefix, null, null);
    }
  });
  const events = SqliteEventStore.open(eventsFile, { writerScript: null });
  const reads = SqliteReadStore.open(readsFile);
  let batches = 0;
  const recording: ReadStore = Object.assign(Object.create(reads) as ReadStore, {
    async commit(batch: CommitBatch): Promise<boolean> {
      const applied = await reads.commit(batch);
      if (applied) record(batches++, batch);
      return applied;
    },
  });
  try {
    const results = await rebuildReadModels(events, recording, allProjections, { graceMs: 0 });
    return new Map(results.map((result) => [result.name, result.generation]));
  } finally {
    await events.close();
    await reads.close();
    recorded.close();
  }
}

/** Raw scan + parse, then the recorded writes, batch by batch with their checkpoints, and the indexes, by hand. */
function sameWrites(eventsFile: string, file: string, total: number, writesFile: string, generations: Map<string, number>): number {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const started = performance.now();
  rawScan(eventsFile);
  const recorded = openDatabase(writesFile);
  recorded.defaultSafeIntegers(true);
  const db = openReadStoreDatabase(file);
  try {
    db.exec(SCHEMA_SQL);
    const checkpoint = db.prepare<[string, bigint]>(
      `INSERT INTO read_checkpoints (projection, position) VALUES (?, ?)
       ON CONFLICT (projection) DO UPDATE SET position = excluded.position WHERE excluded.position > read_checkpoints.position`,
    );
    // The read store's own statements, per collection's table, the table made at its first write.
    const tables = new Map<string, { upsert: Statement<[string, bigint, string]>; remove: Statement<[string]>; removeRange: Statement<[string, string]> }>();
    const table = (collection: string) => {
      let statements = tables.get(collection);
      if (!statements) {
        const name = documentsTable(collection);
        db.exec(documentsTableSql(collection));
        statements = {
          upsert: db.prepare(
            `INSERT INTO ${name} (id, revision, body) VALUES (?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, body = excluded.body
             WHERE excluded.revision > ${name}.revision`,
          ),
          remove: db.prepare(`DELETE FROM ${name} WHERE id = ?`),
          // The read store's own range (read-store-input.ts); every recorded prefix has an upper bound.
          removeRange: db.prepare(`DELETE FROM ${name} WHERE id >= ? AND id < ?`),
        };
        tables.set(collection, statements);
      }
      return statements;
    };
    type Row = { batch: bigint; projection: string; position: bigint; kind: string; collection: string; id: string; revision: bigint; body: string };
    const apply = db.transaction((rows: Row[]) => {
      for (const row of rows) {
        if (row.kind === 'checkpoint') checkpoint.run(row.projection, row.position);
        else if (row.kind === 'upsert') table(row.collection).upsert.run(row.id, row.revision, row.body);
        else if (row.kind === 'delete') table(row.collection).remove.run(row.id);
        else table(row.collection).removeRange.run(row.id, prefixRange(row.id).to!);
      }
    });
    let rows: Row[] = [];
    for (const row of recorded.prepare<[], Row>('SELECT * FROM writes ORDER BY rowid').iterate()) {
      if (rows.length > 0 && rows[0]!.batch !== row.batch) {
        apply.immediate(rows);
        rows = [];
      }
      rows.push(row);
    }
    if (rows.length > 0) apply.immediate(rows);
    for (const projection of allProjections) {
      const generation = generations.get(projection.name) ?? 0;
      // As the read store's ensureIndex: the collection's table first (a collection may have no documents).
      for (const index of projection.indexes) db.exec(`${documentsTableSql(generationName(index.collection, generation))}; ${indexSql(generationName(index.collection, generation), index.fields)}`);
    }
  } finally {
    db.close();
    recorded.close();
  }
  return total / ((performance.now() - started) / 1000);
}

/** Raw scan + parse, then every final document written once and indexed, by hand. */
function essential(eventsFile: string, file: string, total: number, documents: readonly StoredDocument[], generations: Map<string, number>): number {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const started = performance.now();
  const scanned = rawScan(eventsFile);
  const db = openReadStoreDatabase(file);
  try {
    db.exec(SCHEMA_SQL);
    const inserts = new Map<string, Statement<[string, bigint, string]>>();
    const insert = (collection: string) => {
      let statement = inserts.get(collection);
      if (!statement) {
        db.exec(documentsTableSql(collection));
        statement = db.prepare(`INSERT INTO ${documentsTable(collection)} (id, revision, body) VALUES (?, ?, ?)`);
        inserts.set(collection, statement);
      }
      return statement;
    };
    const checkpoint = db.prepare<[string, bigint]>('INSERT OR REPLACE INTO read_checkpoints (projection, position) VALUES (?, ?)');
    const write = db.transaction((slice: readonly StoredDocument[]) => {
      for (const document of slice) insert(document.collection).run(document.id, document.revision, document.body);
      checkpoint.run('essential', BigInt(slice.length));
    });
    for (let from = 0; from < documents.length; from += 10_000) write.immediate(documents.slice(from, from + 10_000));
    for (const projection of allProjections) {
      const generation = generations.get(projection.name) ?? 0;
      // As the read store's ensureIndex: the collection's table first (a collection may have no documents).
      for (const index of projection.indexes) db.exec(`${documentsTableSql(generationName(index.collection, generation))}; ${indexSql(generationName(index.collection, generation), index.fields)}`);
    }
  } finally {
    db.close();
  }
  const seconds = (performance.now() - started) / 1000;
  if (scanned <= 0) throw new Error('the raw scan read nothing');
  return total / seconds;
}

async function main(): Promise<void> {
  const total = wholeNumber('BENCH_EVENTS', 1_000_000);
  const rounds = wholeNumber('BENCH_ROUNDS', 3);
  // As `npm run ops -- rebuild` runs on this machine (its default: the cores, at most 2).
  const threads = wholeNumber('BENCH_THREADS', Math.min(2, availableParallelism()));
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-bench-rebuild-'));
  const eventsFile = join(dir, 'events.sqlite');
  const readsFile = join(dir, 'read-models.sqlite');
  try {
    const writeStarted = performance.now();
    const written = writeLog(eventsFile, total);
    console.log(`bench:rebuild — ${written.toLocaleString('en')} events written in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s; ${allProjections.length} read models on ${threads} threads; ${rounds} rounds, alternating`);
    const writesFile = join(dir, 'recorded-writes.sqlite');
    const recordStarted = performance.now();
    const recordedGenerations = await recordWrites(eventsFile, join(dir, 'recording-read-models.sqlite'), writesFile);
    console.log(`  the rebuild's writes recorded (an untimed rebuild) in ${((performance.now() - recordStarted) / 1000).toFixed(1)} s`);
    const raw: number[] = [];
    const rebuilt: number[] = [];
    const rebuiltOverLive: number[] = [];
    const handWritten: number[] = [];
    const sameByHand: number[] = [];
    const sameFile = join(dir, 'same-writes.sqlite');
    let documents = new Map<string, number>();
    const essentialFile = join(dir, 'essential.sqlite');
    for (let round = 0; round < rounds; round++) {
      const rawFirst = round % 2 === 0;
      if (rawFirst) raw.push(rawScan(eventsFile));
      const result = await rebuild(dir, readsFile, written, threads, false);
      rebuilt.push(result.perSecond);
      documents = result.documents;
      if (!rawFirst) raw.push(rawScan(eventsFile));
      handWritten.push(essential(eventsFile, essentialFile, written, documentsOf(readsFile), result.generations));
      sameByHand.push(sameWrites(eventsFile, sameFile, written, writesFile, recordedGenerations));
      rebuiltOverLive.push((await rebuild(dir, readsFile, written, threads, true)).perSecond);
      console.log(`  round ${round + 1}: raw scan + JSON parse ${rate(raw.at(-1)!)}, rebuild ${rate(rebuilt.at(-1)!)}, over the live store ${rate(rebuiltOverLive.at(-1)!)}, same writes by hand ${rate(sameByHand.at(-1)!)}, essential by hand ${rate(handWritten.at(-1)!)}`);
    }
    console.log(`  documents: ${[...documents].map(([name, count]) => `${name} ${count.toLocaleString('en')}`).join(', ')}`);
    const [rawRate, rebuildRate, essentialRate, sameRate, overLiveRate] = [median(raw), median(rebuilt), median(handWritten), median(sameByHand), median(rebuiltOverLive)];
    const ratio = rebuildRate / rawRate;
    const essentialRatio = rebuildRate / essentialRate;
    const sameRatio = rebuildRate / sameRate;
    const fast = rebuildRate >= TARGET_EVENTS_PER_SECOND;
    const close = ratio >= TARGET_RATIO;
    console.log('');
    console.log('| measure | median | target | result |');
    console.log('|---|---|---|---|');
    console.log(`| raw scan + JSON parse | ${rate(rawRate)} | (baseline) | |`);
    console.log(`| rebuild all read models | ${rate(rebuildRate)} | ≥ ${rate(TARGET_EVENTS_PER_SECOND)} | ${fast ? 'PASS' : 'FAIL'} |`);
    console.log(`| same writes by hand (scan + parse + the rebuild's writes and batches + index) | ${rate(sameRate)} | (baseline) | |`);
    console.log(`| essential by hand (scan + parse + final documents once + index) | ${rate(essentialRate)} | (lower bound) | |`);
    console.log(`| ratio rebuild / raw | ${ratio.toFixed(2)} | ≥ ${TARGET_RATIO} | ${close ? 'PASS' : 'FAIL'} |`);
    console.log(`| ratio rebuild / same writes by hand (proposed) | ${sameRatio.toFixed(2)} | ≥ ${TARGET_RATIO} | ${sameRatio >= TARGET_RATIO ? 'PASS' : 'FAIL'} |`);
    console.log(`| ratio rebuild / essential | ${essentialRatio.toFixed(2)} | ≥ ${TARGET_ESSENTIAL_RATIO} | ${essentialRatio >= TARGET_ESSENTIAL_RATIO ? 'PASS' : 'FAIL'} |`);
    const perMillion = 1_000_000 / rebuildRate;
    console.log(`| rebuild time per 1,000,000 events (at this run's rate) | ${perMillion.toFixed(0)} s | ≤ ${TARGET_SECONDS_PER_MILLION} s | ${perMillion <= TARGET_SECONDS_PER_MILLION ? 'PASS' : 'FAIL'} |`);
    const overLiveRatio = overLiveRate / essentialRate;
    const overLivePerMillion = 1_000_000 / overLiveRate;
    console.log(`| rebuild over the live store (the last one's generation serving, dropped after) | ${rate(overLiveRate)} | | |`);
    console.log(`| ratio rebuild over the live store / essential | ${overLiveRatio.toFixed(2)} | ≥ ${TARGET_ESSENTIAL_RATIO} | ${overLiveRatio >= TARGET_ESSENTIAL_RATIO ? 'PASS' : 'FAIL'} |`);
    console.log(`| rebuild over the live store, time per 1,000,000 events | ${overLivePerMillion.toFixed(0)} s | ≤ ${TARGET_SECONDS_PER_MILLION} s | ${overLivePerMillion <= TARGET_SECONDS_PER_MILLION ? 'PASS' : 'FAIL'} |`);
    // The whole process's high-water mark (the rebuild's threads included), not the RSS at the end.
    console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (the bench's process: rebuild threads, baselines and all)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
