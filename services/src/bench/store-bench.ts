/**
 * Durable single-event appends through the event-store port versus raw better-sqlite3 INSERTs of the
 * same rows into an identical table (same schema, indexes and pragmas), each write its own transaction.
 * Rounds alternate which side goes first so machine noise hits both; medians are reported.
 * Run: `npm run bench:store` (BENCH_N=<events per round>, default 2000).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EVENTS_TABLE_SQL, SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { openDatabase } from '../platform/sqlite/open-database.js';

const ROUNDS = 5;
const TARGET_RATIO = 0.5;
/** A guess lands in its game's stream; many games run at once, so appends rotate over 50 streams. */
const STREAMS = 50;

interface BenchEvent {
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

function readEventsPerRound(): number {
  const raw = process.env.BENCH_N ?? '2000';
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_N must be a whole number > 0, got "${raw}"`);
  return n;
}

function guessPlacedEvents(n: number): BenchEvent[] {
  const games = Array.from({ length: STREAMS }, () => ({ streamId: `game-${randomUUID()}`, next: 0n }));
  return Array.from({ length: n }, (_, i) => {
    const game = games[i % STREAMS]!;
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

async function portAppendsPerSecond(file: string, events: BenchEvent[]): Promise<number> {
  const store = SqliteEventStore.open(file);
  try {
    const started = performance.now();
    for (const { streamId, revision, id, type, data, metadata } of events) {
      await store.append(streamId, [{ id, type, data, metadata }], revision === 0n ? 'no_stream' : revision - 1n);
    }
    return events.length / ((performance.now() - started) / 1000);
  } finally {
    await store.close();
  }
}

/** Given already-serialised JSON, so the baseline does strictly less work than the port. */
function rawInsertsPerSecond(file: string, events: BenchEvent[]): number {
  const db = openDatabase(file);
  try {
    db.exec(EVENTS_TABLE_SQL);
    const insert = db.prepare(
      'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const rows = events.map((e) => [e.streamId, e.revision, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)] as const);
    const started = performance.now();
    for (const row of rows) insert.run(...row, Date.now());
    return rows.length / ((performance.now() - started) / 1000);
  } finally {
    db.close();
  }
}

function durabilitySettings(file: string): string {
  const db = openDatabase(file);
  try {
    const synchronous = db.pragma('synchronous', { simple: true });
    const journalMode = db.pragma('journal_mode', { simple: true });
    return `journal_mode=${String(journalMode)}, synchronous=${synchronous === 2 ? 'FULL' : String(synchronous)} (${String(synchronous)})`;
  } finally {
    db.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;

async function main(): Promise<void> {
  const n = readEventsPerRound();
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-store-bench-'));
  try {
    const sample = guessPlacedEvents(1)[0]!;
    const eventBytes = JSON.stringify(sample.data).length + JSON.stringify(sample.metadata).length;
    console.log('store bench: durable single-event appends, each in its own transaction');
    console.log(`  N per round: ${n}, rounds: ${ROUNDS} (alternating which side runs first)`);
    console.log(`  events: GuessPlaced, ~${eventBytes} bytes of data + metadata JSON, over ${STREAMS} game streams, exact expected revisions`);
    console.log(`  SQLite (both sides, via openDatabase): ${durabilitySettings(join(dir, 'settings.sqlite'))}, files in ${tmpdir()}`);

    const port: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const events = guessPlacedEvents(n);
      const [portFile, rawFile] = [join(dir, `port-${round}.sqlite`), join(dir, `raw-${round}.sqlite`)];
      if (round % 2 === 0) {
        port.push(await portAppendsPerSecond(portFile, events));
        raw.push(rawInsertsPerSecond(rawFile, events));
      } else {
        raw.push(rawInsertsPerSecond(rawFile, events));
        port.push(await portAppendsPerSecond(portFile, events));
      }
      console.log(`  round ${round + 1}: port ${perSecond(port[round]!)}, raw ${perSecond(raw[round]!)}`);
    }

    const ratio = median(port) / median(raw);
    const verdict = ratio >= TARGET_RATIO ? 'PASS' : 'FAIL';
    console.log(`  median port appends: ${perSecond(median(port))}`);
    console.log(`  median raw inserts:  ${perSecond(median(raw))}`);
    console.log(`  ratio port/raw: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}): ${verdict}`);
    if (verdict === 'FAIL') process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
