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
 * Prints events/s of each (median of BENCH_ROUNDS, default 3), their ratio and the targets: ≥ 100,000
 * events/s and ratio ≥ 0.3.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { rebuildInParallel } from '../ops/rebuild-on-thread.js';
import { EventWriter } from '../platform/event-store/event-writer.js';
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

async function rebuild(dir: string, readsFile: string, total: number, threads: number): Promise<{ perSecond: number; documents: Map<string, number> }> {
  rmSync(readsFile, { force: true });
  for (const suffix of ['-wal', '-shm']) rmSync(readsFile + suffix, { force: true });
  const started = performance.now();
  const stores = { dataDir: dir, stores: { eventStore: { kind: 'sqlite' }, readStore: { kind: 'sqlite' }, bus: { kind: 'in-process' } } } as const;
  const results = await rebuildInParallel({ stores, names: allProjections.map((projection) => projection.name), graceMs: 0 }, () => {}, { threads }).done;
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: total / seconds, documents: new Map(results.map((result) => [result.name, result.documents])) };
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
    let documents = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      const rawFirst = round % 2 === 0;
      if (rawFirst) raw.push(rawScan(eventsFile));
      const result = await rebuild(dir, readsFile, written, threads);
      rebuilt.push(result.perSecond);
      documents = result.documents;
      if (!rawFirst) raw.push(rawScan(eventsFile));
      console.log(`  round ${round + 1}: raw scan + JSON parse ${rate(raw.at(-1)!)}, rebuild ${rate(rebuilt.at(-1)!)}`);
    }
    console.log(`  documents: ${[...documents].map(([name, count]) => `${name} ${count.toLocaleString('en')}`).join(', ')}`);
    const [rawRate, rebuildRate] = [median(raw), median(rebuilt)];
    const ratio = rebuildRate / rawRate;
    const fast = rebuildRate >= TARGET_EVENTS_PER_SECOND;
    const close = ratio >= TARGET_RATIO;
    console.log('');
    console.log('| measure | median | target | result |');
    console.log('|---|---|---|---|');
    console.log(`| raw scan + JSON parse | ${rate(rawRate)} | (baseline) | |`);
    console.log(`| rebuild all read models | ${rate(rebuildRate)} | ≥ ${rate(TARGET_EVENTS_PER_SECOND)} | ${fast ? 'PASS' : 'FAIL'} |`);
    console.log(`| ratio rebuild / raw | ${ratio.toFixed(2)} | ≥ ${TARGET_RATIO} | ${close ? 'PASS' : 'FAIL'} |`);
    console.log(`peak RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
