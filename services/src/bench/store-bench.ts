/**
 * Durable appends through the event-store port versus raw better-sqlite3 INSERTs of the same rows into an
 * identical table (same schema, indexes and pragmas, through the same openDatabase), in two workloads:
 * - one at a time: each append awaited before the next is made; raw: each INSERT its own transaction;
 * - 64 in flight: 64 appenders, one a stream, each awaiting its append before making its next; raw: the
 *   same rows in transactions of 64, one fsync each, as an ideal group commit would make them.
 * Rounds alternate which side goes first so machine noise hits both; medians are reported.
 * Run: `npm run bench:store` (BENCH_N=<one-at-a-time events per round>, default 2000;
 * BENCH_CONCURRENT_N=<64-in-flight events per round>, default 12800; BENCH_DIR=<directory for the files>,
 * default the OS's temporary directory, or the repository's tmp/ when that is a tmpfs: an fsync there reaches
 * no disk, so neither side would be durable and the ratios would compare CPU work alone).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { EVENTS_TABLE_SQL, SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { openDatabase, type SqliteDatabase } from '../platform/sqlite/open-database.js';

const ROUNDS = 5;
const TARGET_RATIO = 0.5;
/** A guess lands in its game's stream; many games run at once, so one-at-a-time appends rotate over 50 streams. */
const STREAMS = 50;
const IN_FLIGHT = 64;

interface BenchEvent {
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

function whole(name: string, fallback: number, multipleOf = 1): number {
  const raw = process.env[name] ?? String(fallback);
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0 || n % multipleOf !== 0) throw new Error(`${name} must be a whole number > 0${multipleOf > 1 ? ` and a multiple of ${multipleOf}` : ''}, got "${raw}"`);
  return n;
}

/** n events over `streams` streams in turn: event i is in stream i % streams, at revision i / streams. */
function guessPlacedEvents(n: number, streams: number): BenchEvent[] {
  const games = Array.from({ length: streams }, () => ({ streamId: `game-${randomUUID()}`, next: 0n }));
  return Array.from({ length: n }, (_, i) => {
    const game = games[i % streams]!;
    const revision = game.next;
    game.next += 1n;
    return {
      streamId: game.streamId,
      revision,
      id: randomUUID(),
      type: 'GuessPlaced',
      data: {
        schemaVersion: 1,
        gameId: game.streamId.slice('game-'.length),
        playerId: randomUUID(),
        round: Number(revision % 5n) + 1,
        guess: { lat: 48.856613 - i / 1000, lng: 2.352222 + i / 1000 },
        distanceKm: 1234.5 + i,
        score: 4000 - (i % 4000),
        placedAt: new Date(1_795_000_000_000 + i * 1000).toISOString(),
      },
      metadata: { correlationId: randomUUID(), causationId: randomUUID() },
    };
  });
}

const expectation = (revision: bigint) => (revision === 0n ? ('no_stream' as const) : revision - 1n);

interface PortRun {
  perSecond: number;
  /** Commits in the timed part. */
  commits: number;
}

/**
 * Before the clock starts, both sides store the same two events, the port's as one group of two: its writer
 * thread starts now (a server starts it once), not inside the timed part.
 */
const WARM_UP_STREAM = 'warm-up';
const warmUpEvents = () => [0, 1].map((i) => ({ id: randomUUID(), type: 'WarmedUp', data: { i }, metadata: {} }));

async function openWarmStore(file: string): Promise<SqliteEventStore> {
  const store = SqliteEventStore.open(file);
  const [a, b] = warmUpEvents();
  await Promise.all([store.append(`${WARM_UP_STREAM}-a`, [a!], 'no_stream'), store.append(`${WARM_UP_STREAM}-b`, [b!], 'no_stream')]);
  return store;
}

async function portOneAtATime(file: string, events: BenchEvent[]): Promise<PortRun> {
  const store = await openWarmStore(file);
  const commitsBefore = store.commitCount;
  try {
    const started = performance.now();
    for (const { streamId, revision, id, type, data, metadata } of events) {
      await store.append(streamId, [{ id, type, data, metadata }], expectation(revision));
    }
    return { perSecond: events.length / ((performance.now() - started) / 1000), commits: store.commitCount - commitsBefore };
  } finally {
    await store.close();
  }
}

/** One appender a stream, each making its next append once its last is acknowledged. */
async function portInFlight(file: string, events: BenchEvent[]): Promise<PortRun> {
  const store = await openWarmStore(file);
  const commitsBefore = store.commitCount;
  const byStream = new Map<string, BenchEvent[]>();
  for (const event of events) {
    const own = byStream.get(event.streamId);
    if (own) own.push(event);
    else byStream.set(event.streamId, [event]);
  }
  try {
    const started = performance.now();
    await Promise.all(
      [...byStream.values()].map(async (own) => {
        for (const { streamId, revision, id, type, data, metadata } of own) {
          await store.append(streamId, [{ id, type, data, metadata }], expectation(revision));
        }
      }),
    );
    return { perSecond: events.length / ((performance.now() - started) / 1000), commits: store.commitCount - commitsBefore };
  } finally {
    await store.close();
  }
}

/** Given already-serialised JSON, so the baseline does strictly less work than the port. */
function rawInsertsPerSecond(file: string, events: BenchEvent[], perTransaction: number): number {
  const db = openDatabase(file);
  try {
    db.exec(EVENTS_TABLE_SQL);
    const insert = db.prepare('INSERT INTO events (stream_id, revision, event_id, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const rows = events.map((e) => [e.streamId, e.revision, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)] as const);
    const insertAll = db.transaction((group: typeof rows) => {
      for (const row of group) insert.run(...row, Date.now());
    });
    for (const [i, event] of warmUpEvents().entries()) insert.run(`${WARM_UP_STREAM}-${i}`, 0n, event.id, event.type, JSON.stringify(event.data), '{}', Date.now());
    const started = performance.now();
    if (perTransaction === 1) for (const row of rows) insert.run(...row, Date.now());
    else for (let i = 0; i < rows.length; i += perTransaction) insertAll(rows.slice(i, i + perTransaction));
    return rows.length / ((performance.now() - started) / 1000);
  } finally {
    db.close();
  }
}

function durabilitySettings(db: SqliteDatabase): string {
  const synchronous = db.pragma('synchronous', { simple: true });
  const journalMode = db.pragma('journal_mode', { simple: true });
  return `journal_mode=${String(journalMode)}, synchronous=${synchronous === 2 ? 'FULL' : String(synchronous)} (${String(synchronous)})`;
}

const FILE_SYSTEMS = new Map([
  [0xef53, 'ext4'],
  [0x58465342, 'xfs'],
  [0x9123683e, 'btrfs'],
  [0x01021994, 'tmpfs'],
  [0x794c7630, 'overlayfs'],
  [0x2fc12fc1, 'zfs'],
]);

function fileSystem(dir: string): string {
  const { type } = statfsSync(dir);
  return FILE_SYSTEMS.get(type) ?? `file system 0x${type.toString(16)}`;
}

/** Where the files go, and why there. */
function benchRoot(): { root: string; why: string } {
  if (process.env.BENCH_DIR) return { root: resolve(process.env.BENCH_DIR), why: 'BENCH_DIR' };
  if (fileSystem(tmpdir()) !== 'tmpfs') return { root: tmpdir(), why: "the OS's temporary directory" };
  // services/dist/bench → the repository's tmp/ (ignored by git), on the disk that holds ./data by default.
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'tmp');
  mkdirSync(root, { recursive: true });
  return { root, why: `${tmpdir()} is a tmpfs, whose fsync reaches no disk` };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;

/** Runs both sides, `first` deciding which goes first. */
async function bothSides<P, R>(first: 'port' | 'raw', port: () => Promise<P>, raw: () => R): Promise<[P, R]> {
  if (first === 'port') {
    const p = await port();
    return [p, raw()];
  }
  const r = raw();
  return [await port(), r];
}

function verdict(label: string, port: number[], raw: number[]): boolean {
  const ratio = median(port) / median(raw);
  const pass = ratio >= TARGET_RATIO;
  console.log(`  ${label}: port ${perSecond(median(port))}, raw ${perSecond(median(raw))}; ratio port/raw ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}

async function main(): Promise<void> {
  const n = whole('BENCH_N', 2000);
  const concurrentN = whole('BENCH_CONCURRENT_N', IN_FLIGHT * 200, IN_FLIGHT);
  const { root, why } = benchRoot();
  const dir = mkdtempSync(join(root, 'globetrail-store-bench-'));
  try {
    const sample = guessPlacedEvents(1, 1)[0]!;
    const eventBytes = JSON.stringify(sample.data).length + JSON.stringify(sample.metadata).length;
    const settings = openDatabase(join(dir, 'settings.sqlite'));
    const durability = durabilitySettings(settings);
    settings.close();
    const system = fileSystem(dir);
    console.log('store bench: durable appends through the event-store port versus raw better-sqlite3 INSERTs of the same rows');
    console.log(`  SQLite (both sides, via openDatabase, same schema and indexes): ${durability}; files in ${root} (${system}; ${why})`);
    if (system === 'tmpfs') console.log('  note: on tmpfs an fsync reaches no disk, so neither side is durable and the ratios compare CPU work alone; BENCH_DIR=<a directory on the disk that holds DATA_DIR> measures durable writes');
    console.log(`  events: GuessPlaced, ~${eventBytes} bytes of data + metadata JSON, exact expected revisions; raw gets its JSON already serialised`);
    console.log(`  one at a time: ${n} events a round over ${STREAMS} game streams, each append awaited before the next; raw: one INSERT per transaction`);
    console.log(`  ${IN_FLIGHT} in flight: ${concurrentN} events a round over ${IN_FLIGHT} game streams, one appender each, awaiting its append before the next; raw: the same rows, ${IN_FLIGHT} per transaction`);
    console.log(`  rounds: ${ROUNDS}, alternating which side runs first`);

    const single = { port: [] as number[], raw: [] as number[] };
    const grouped = { port: [] as number[], raw: [] as number[], appendsPerCommit: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 2 === 0 ? 'port' : 'raw';
      const file = (name: string) => join(dir, `${name}-${round}.sqlite`);
      const events = guessPlacedEvents(n, STREAMS);
      const [one, oneRaw] = await bothSides(first, () => portOneAtATime(file('port-single'), events), () => rawInsertsPerSecond(file('raw-single'), events, 1));
      const concurrent = guessPlacedEvents(concurrentN, IN_FLIGHT);
      const [many, manyRaw] = await bothSides(first, () => portInFlight(file('port-grouped'), concurrent), () => rawInsertsPerSecond(file('raw-grouped'), concurrent, IN_FLIGHT));
      single.port.push(one.perSecond);
      single.raw.push(oneRaw);
      grouped.port.push(many.perSecond);
      grouped.raw.push(manyRaw);
      grouped.appendsPerCommit.push(concurrentN / many.commits);
      console.log(
        `  round ${round + 1} (${first} first): one at a time: port ${perSecond(one.perSecond)}, raw ${perSecond(oneRaw)}; ` +
          `${IN_FLIGHT} in flight: port ${perSecond(many.perSecond)} (${many.commits} commits, ${(concurrentN / many.commits).toFixed(1)} appends each), raw ${perSecond(manyRaw)}`,
      );
      for (const name of ['port-single', 'raw-single', 'port-grouped', 'raw-grouped']) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file(name)}${suffix}`, { force: true });
    }

    console.log('  medians over rounds:');
    const passes = [verdict('one at a time', single.port, single.raw), verdict(`${IN_FLIGHT} in flight `, grouped.port, grouped.raw)];
    console.log(`  (${IN_FLIGHT} in flight: the port committed ${median(grouped.appendsPerCommit).toFixed(1)} appends a commit, median over rounds)`);
    if (!passes.every(Boolean)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
