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
 * - essential: the least a rebuild must do, by hand — the raw scan above, then the rebuild's final
 *   documents (taken from its output) inserted into a fresh read store file with the same schema and
 *   pragmas, 10,000 to a transaction, and the same indexes made after: reading every event, writing every
 *   document once, indexing them.
 * Prints events/s of each (median of BENCH_ROUNDS, default 3), the ratios and the targets: ≥ 100,000
 * events/s and rebuild/raw ≥ 0.3 (the issue's), and rebuild/essential ≥ 0.3 (proposed: see README).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { rebuildInParallel } from '../ops/rebuild-on-thread.js';
import { EventWriter } from '../platform/event-store/event-writer.js';
import { generationName } from '../platform/read-store/generations.js';
import { indexSql, SCHEMA_SQL } from '../platform/read-store/sqlite-read-store.js';
import { openDatabase } from '../platform/sqlite/open-database.js';
import { allProjections } from '../projections/all-projections.js';
import { realisticLog } from './rebuild/realistic-log.js';

const TARGET_EVENTS_PER_SECOND = 100_000;
const TARGET_RATIO = 0.3;

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

async function rebuild(dir: string, readsFile: string, total: number, threads: number): Promise<{ perSecond: number; documents: Map<string, number>; generations: Map<string, number> }> {
  rmSync(readsFile, { force: true });
  for (const suffix of ['-wal', '-shm']) rmSync(readsFile + suffix, { force: true });
  const started = performance.now();
  const stores = { dataDir: dir, stores: { eventStore: { kind: 'sqlite' }, readStore: { kind: 'sqlite' }, bus: { kind: 'in-process' } } } as const;
  const results = await rebuildInParallel({ stores, names: allProjections.map((projection) => projection.name), graceMs: 0 }, () => {}, { threads }).done;
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
    return db.prepare<[], StoredDocument>('SELECT collection, id, revision, body FROM read_documents').all();
  } finally {
    db.close();
  }
}

/** Raw scan + parse, then every final document written once and indexed, by hand. */
function essential(eventsFile: string, file: string, total: number, documents: readonly StoredDocument[], generations: Map<string, number>): number {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const started = performance.now();
  const scanned = rawScan(eventsFile);
  const db = openDatabase(file, 'normal');
  try {
    db.exec(SCHEMA_SQL);
    const insert = db.prepare<[string, string, bigint, string]>('INSERT INTO read_documents (collection, id, revision, body) VALUES (?, ?, ?, ?)');
    const checkpoint = db.prepare<[string, bigint]>('INSERT OR REPLACE INTO read_checkpoints (projection, position) VALUES (?, ?)');
    const write = db.transaction((slice: readonly StoredDocument[]) => {
      for (const document of slice) insert.run(document.collection, document.id, document.revision, document.body);
      checkpoint.run('essential', BigInt(slice.length));
    });
    for (let from = 0; from < documents.length; from += 10_000) write.immediate(documents.slice(from, from + 10_000));
    for (const projection of allProjections) {
      const generation = generations.get(projection.name) ?? 0;
      for (const index of projection.indexes) db.exec(indexSql(generationName(index.collection, generation), index.fields));
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
  const threads = wholeNumber('BENCH_THREADS', 1);
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-bench-rebuild-'));
  const eventsFile = join(dir, 'events.sqlite');
  const readsFile = join(dir, 'read-models.sqlite');
  try {
    const writeStarted = performance.now();
    const written = writeLog(eventsFile, total);
    console.log(`bench:rebuild — ${written.toLocaleString('en')} events written in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s; ${allProjections.length} read models on ${threads} threads; ${rounds} rounds, alternating`);
    const raw: number[] = [];
    const rebuilt: number[] = [];
    const handWritten: number[] = [];
    let documents = new Map<string, number>();
    const essentialFile = join(dir, 'essential.sqlite');
    for (let round = 0; round < rounds; round++) {
      const rawFirst = round % 2 === 0;
      if (rawFirst) raw.push(rawScan(eventsFile));
      const result = await rebuild(dir, readsFile, written, threads);
      rebuilt.push(result.perSecond);
      documents = result.documents;
      if (!rawFirst) raw.push(rawScan(eventsFile));
      handWritten.push(essential(eventsFile, essentialFile, written, documentsOf(readsFile), result.generations));
      console.log(`  round ${round + 1}: raw scan + JSON parse ${rate(raw.at(-1)!)}, rebuild ${rate(rebuilt.at(-1)!)}, essential by hand ${rate(handWritten.at(-1)!)}`);
    }
    console.log(`  documents: ${[...documents].map(([name, count]) => `${name} ${count.toLocaleString('en')}`).join(', ')}`);
    const [rawRate, rebuildRate, essentialRate] = [median(raw), median(rebuilt), median(handWritten)];
    const ratio = rebuildRate / rawRate;
    const essentialRatio = rebuildRate / essentialRate;
    const fast = rebuildRate >= TARGET_EVENTS_PER_SECOND;
    const close = ratio >= TARGET_RATIO;
    console.log('');
    console.log('| measure | median | target | result |');
    console.log('|---|---|---|---|');
    console.log(`| raw scan + JSON parse | ${rate(rawRate)} | (baseline) | |`);
    console.log(`| rebuild all read models | ${rate(rebuildRate)} | ≥ ${rate(TARGET_EVENTS_PER_SECOND)} | ${fast ? 'PASS' : 'FAIL'} |`);
    console.log(`| essential by hand (scan + parse + write final documents + index) | ${rate(essentialRate)} | (baseline) | |`);
    console.log(`| ratio rebuild / raw | ${ratio.toFixed(2)} | ≥ ${TARGET_RATIO} | ${close ? 'PASS' : 'FAIL'} |`);
    console.log(`| ratio rebuild / essential (proposed) | ${essentialRatio.toFixed(2)} | ≥ ${TARGET_RATIO} | ${essentialRatio >= TARGET_RATIO ? 'PASS' : 'FAIL'} |`);
    console.log(`peak RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
