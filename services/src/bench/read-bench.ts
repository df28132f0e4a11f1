/**
 * The leaderboards' reads through the read-store port, beside the same queries written by hand on a raw
 * better-sqlite3 connection to the same file, in the same run. 1,000,000 players' documents are seeded
 * through the port (`commit`, as the projection writes them): every player's all-time row, the rows of the
 * current month, week and day for the players who scored in them, each scope's totals and its rank buckets.
 * Timed, per sort and period: a leaderboard page (the scope's total + the page + the first row's rank + the
 * all-time rows of a period page's players) and "my rank" (the player's row + its rank: the rows of the
 * value buckets above, from the scope's bucket counts, and a count over its own bucket only). Both sides
 * run the same statements over the same indexes and parse every document read. Operations alternate port / raw so machine noise hits both.
 * Run: `npm run bench:read` (BENCH_PLAYERS, default 1000000; BENCH_N operations per query and side, default 300;
 * BENCH_CASES, e.g. `points:day,elo:all`, to run only some of the cases).
 */
import type { Statement } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type LeaderboardRowDoc, type LeaderboardScopeDoc, type LeaderboardSort, readModelCollections, type TimePeriod } from '@globetrail/contracts';
import { seededRandom } from '../domain/decision-context.js';
import { ALL_TIME, periodKey, scopeOf } from '../domain/leaderboard/periods.js';
import { documentsTable, SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { openDatabase, type SqliteDatabase } from '../platform/sqlite/open-database.js';
import { bucketAtOffset, bucketOf, move, RANK_FIELDS, rowsAbove, upperOf } from '../domain/leaderboard/rank-buckets.js';
import { leaderboardsProjection, rowId } from '../projections/leaderboards/leaderboards.projection.js';
import { leaderboardPage, myLeaderboardEntry } from '../projections/leaderboards/leaderboards.queries.js';
import { alternate, printRow } from './side-by-side.js';
import { field } from './sql-fields.js';

const TARGET_RATIO = 1.5;
const PAGE_SIZE = 20;
const COLLECTION = readModelCollections.leaderboardRows;
const ROWS = documentsTable(COLLECTION);
const NOW = new Date('2026-11-26T12:00:00.000Z');
/** Share of players with a row in the current month, week and day. */
const ACTIVE = { month: 0.3, week: 0.12, day: 0.03 } as const;
const CASES: Array<[LeaderboardSort, TimePeriod]> = [
  ['points', 'all'],
  ['points', 'month'],
  ['points', 'week'],
  ['points', 'day'],
  ['games', 'week'],
  ['bestGuess', 'all'],
  ['bestGuess', 'day'],
  ['countryStreak', 'month'],
  ['elo', 'all'],
  ['dailyStreak', 'all'],
];
const SORT_FIELD: Record<LeaderboardSort, string> = { points: 'points', level: 'points', games: 'games', bestGuess: 'closeness', countryStreak: 'countryStreak', elo: 'elo', dailyStreak: 'dailyStreak' };

function setting(name: string, fallback: number): number {
  const raw = process.env[name] ?? String(fallback);
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number > 0, got "${raw}"`);
  return n;
}

/** Seeds the rows through the port, in commits of 5,000 documents, as the projection would. */
async function seed(reads: SqliteReadStore, players: number): Promise<void> {
  for (const index of leaderboardsProjection.indexes) await reads.ensureIndex(index.collection, index.fields);
  const random = seededRandom(7);
  let writes: Parameters<SqliteReadStore['commit']>[0]['writes'] = [];
  let position = 0n;
  const flush = async () => {
    position += 1n;
    await reads.commit({ projection: 'bench', position, writes });
    writes = [];
  };
  const row = (scope: string, userId: string, games: number): LeaderboardRowDoc => {
    const bestGuess = games === 0 ? null : Math.round(random() * 2_000_000);
    return {
      id: rowId(scope, userId),
      scope,
      userId,
      name: `Player ${userId}`,
      points: Math.round(games * random() * 10_000),
      games,
      hasGuess: games > 0,
      bestGuess,
      closeness: bestGuess === null ? null : -bestGuess,
      countryStreak: Math.floor(random() * 30),
      elo: scope === ALL_TIME ? 600 + Math.round(random() * 1200) : null,
      dailyStreak: scope === ALL_TIME ? Math.floor(random() * 60) : null,
    };
  };
  const scopes = new Map<string, LeaderboardScopeDoc>();
  const count = (document: LeaderboardRowDoc) => {
    const known = scopes.get(document.scope) ?? { id: document.scope, rows: 0, withGuess: 0, counts: {} };
    known.rows += 1;
    known.withGuess += document.hasGuess ? 1 : 0;
    for (const field of RANK_FIELDS) move((known.counts[field] ??= {}), null, document[field]);
    scopes.set(document.scope, known);
    return document;
  };
  for (let i = 0; i < players; i++) {
    const userId = `u${i.toString(36).padStart(5, '0')}`;
    writes.push({ kind: 'upsert', collection: COLLECTION, document: count(row(ALL_TIME, userId, Math.floor(random() * 500))), revision: 1n });
    for (const period of ['month', 'week', 'day'] as const) {
      if (random() < ACTIVE[period]) writes.push({ kind: 'upsert', collection: COLLECTION, document: count(row(scopeOf(periodKey(period, NOW), 'all'), userId, 1 + Math.floor(random() * 40))), revision: 1n });
    }
    if (writes.length >= 5_000) await flush();
  }
  for (const document of scopes.values()) writes.push({ kind: 'upsert', collection: readModelCollections.leaderboardScopes, document, revision: 1n });
  await flush();
}

/** The hand-written side: prepared statements on a plain connection, bodies parsed like the port does. */
class HandWritten {
  private readonly statements = new Map<string, Statement<unknown[], unknown>>();
  constructor(private readonly db: SqliteDatabase) {}

  private prepared(sql: string) {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare<unknown[], unknown>(sql).pluck()));
    return statement;
  }

  private byId(collection: string, id: string): string | undefined {
    return this.prepared(`SELECT body FROM ${documentsTable(collection)} WHERE id = ?`).get(id) as string | undefined;
  }

  private where(sortBy: LeaderboardSort) {
    return `${field('scope')} = ?${sortBy === 'bestGuess' ? ` AND ${field('hasGuess')} = x'03'` : ''}`;
  }

  /** The scope's document (totals and bucket counts), read once per page as the port's query does. */
  private scope(scope: string): LeaderboardScopeDoc | null {
    const body = this.byId(readModelCollections.leaderboardScopes, scope);
    return body === undefined ? null : (JSON.parse(body) as LeaderboardScopeDoc);
  }

  /** Players above a value: the buckets above from the scope's counts, and a range over the value's own bucket. */
  private above(sortBy: LeaderboardSort, scope: string, scopeDoc: LeaderboardScopeDoc | null, value: number): number {
    const name = SORT_FIELD[sortBy];
    const column = field(name);
    const bucket = bucketOf(value);
    const upper = upperOf(bucket);
    const counts = scopeDoc?.counts[name] ?? {};
    const within =
      upper === null
        ? (this.prepared(`SELECT count(*) FROM ${ROWS} WHERE ${this.where(sortBy)} AND ${column} > ? AND ${column} < ''`).get(scope, value) as number)
        : (this.prepared(`SELECT count(*) FROM ${ROWS} WHERE ${this.where(sortBy)} AND ${column} > ? AND ${column} < ?`).get(scope, value, upper) as number);
    return rowsAbove(counts, bucket) + within;
  }

  private get(id: string): LeaderboardRowDoc | null {
    const body = this.byId(COLLECTION, id) as string | undefined;
    return body === undefined ? null : (JSON.parse(body) as LeaderboardRowDoc);
  }

  page(sortBy: LeaderboardSort, scope: string, page: number) {
    const scopeDoc = this.scope(scope);
    const total = (sortBy === 'bestGuess' ? scopeDoc?.withGuess : scopeDoc?.rows) ?? 0;
    const rows = this.pageRows(sortBy, scope, scopeDoc, page * PAGE_SIZE).map((body) => JSON.parse(body) as LeaderboardRowDoc);
    const first = rows[0];
    const rank = first ? this.above(sortBy, scope, scopeDoc, first[SORT_FIELD[sortBy] as keyof LeaderboardRowDoc] as number) + 1 : null;
    const ids = rows.map((row) => rowId(ALL_TIME, row.userId));
    const allTime =
      scope === ALL_TIME || ids.length === 0
        ? rows
        : (this.prepared(`SELECT body FROM ${ROWS} WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id ASC`).all(...ids) as string[]).map((body) => JSON.parse(body) as LeaderboardRowDoc);
    return { total, rows, rank, allTime };
  }

  /** A later page starts at its value bucket's upper bound and skips that bucket's rows before it (as the port does). */
  private pageRows(sortBy: LeaderboardSort, scope: string, scopeDoc: LeaderboardScopeDoc | null, offset: number): string[] {
    const column = field(SORT_FIELD[sortBy]);
    const from = `SELECT body FROM ${ROWS} WHERE ${this.where(sortBy)}`;
    const order = `ORDER BY ${column} DESC, id ASC LIMIT ${PAGE_SIZE}`;
    if (offset === 0) return this.prepared(`${from} ${order}`).all(scope) as string[];
    const counts = scopeDoc?.counts[SORT_FIELD[sortBy]];
    const start = counts === undefined ? null : bucketAtOffset(counts, offset);
    const upper = start ? upperOf(start.bucket) : null;
    if (!start || upper === null) return this.prepared(`${from} ${order} OFFSET ?`).all(scope, offset) as string[];
    return this.prepared(`${from} AND ${column} < ? ${order} OFFSET ?`).all(scope, upper, offset - start.above) as string[];
  }

  me(sortBy: LeaderboardSort, scope: string, userId: string) {
    const row = this.get(rowId(scope, userId));
    if (!row || (sortBy === 'bestGuess' && !row.hasGuess)) return null;
    const rank = this.above(sortBy, scope, this.scope(scope), row[SORT_FIELD[sortBy] as keyof LeaderboardRowDoc] as number) + 1;
    return { row, rank, allTime: scope === ALL_TIME ? row : this.get(rowId(ALL_TIME, userId)) };
  }

  plan(sql: string, ...params: unknown[]): string {
    return (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('; ');
  }

  planOf(sortBy: LeaderboardSort) {
    const column = field(SORT_FIELD[sortBy]);
    return {
      page: this.plan(`SELECT body FROM ${ROWS} WHERE ${this.where(sortBy)} ORDER BY ${column} DESC, id ASC LIMIT 20`, ALL_TIME),
      deepPage: this.plan(`SELECT body FROM ${ROWS} WHERE ${this.where(sortBy)} AND ${column} < ? ORDER BY ${column} DESC, id ASC LIMIT 20 OFFSET ?`, ALL_TIME, 1, 0),
      rank: this.plan(`SELECT count(*) FROM ${ROWS} WHERE ${this.where(sortBy)} AND ${column} > ? AND ${column} < ?`, ALL_TIME, 0, 1),
    };
  }
}


async function main(): Promise<void> {
  const players = setting('BENCH_PLAYERS', 1_000_000);
  const n = setting('BENCH_N', 300);
  const dataDir = mkdtempSync(join(tmpdir(), 'globetrail-read-bench-'));
  try {
    const file = join(dataDir, 'read-models.sqlite');
    const reads = SqliteReadStore.open(file);
    const seedStarted = performance.now();
    await seed(reads, players);
    const db = openDatabase(file, 'normal');
    const raw = new HandWritten(db);
    const documents = db.prepare(`SELECT count(*) FROM ${ROWS}`).pluck().get() as number;
    console.log(`seeded ${players.toLocaleString('en')} players, ${documents.toLocaleString('en')} leaderboard rows, through the port in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    try {
      const random = seededRandom(42);
      const userOf = () => `u${Math.floor(random() * players).toString(36).padStart(5, '0')}`;
      console.log(`\n${n.toLocaleString('en')} operations per query and side, alternating; target: port p99 ≤ ${TARGET_RATIO} × hand-written p99\n`);
      console.log('| query | port p50 / p99 | hand-written p50 / p99 | p99 ratio | |');
      console.log('| --- | --- | --- | --- | --- |');
      let failed = false;
      // BENCH_CASES=points:day,elo:all runs only those cases.
      const only = process.env.BENCH_CASES?.split(',');
      for (const [sortBy, period] of CASES.filter(([sortBy, period]) => !only || only.includes(`${sortBy}:${period}`))) {
        const scope = scopeOf(periodKey(period, NOW), 'all');
        const where = { sortBy, period, filter: 'all', now: NOW };
        // Same answers on both sides before anything is timed.
        const check = await leaderboardPage(reads, where, 3, PAGE_SIZE);
        const lastPage = Math.max(0, Math.ceil(check.total / PAGE_SIZE) - 1);
        for (const page of [3, Math.floor(lastPage / 2), lastPage]) {
          const [viaPort, viaHand] = [await leaderboardPage(reads, where, page, PAGE_SIZE), raw.page(sortBy, scope, page)];
          if (viaPort.total !== viaHand.total || viaPort.entries.map((e) => e.uid).join() !== viaHand.rows.map((r) => r.userId).join() || viaPort.entries[0]?.rank !== viaHand.rank) {
            throw new Error(`the port and the hand-written queries disagree on ${sortBy} ${period} page ${page}`);
          }
        }
        const pages = { port: [] as number[], raw: [] as number[] };
        const mine = { port: [] as number[], raw: [] as number[] };
        for (let i = 0; i < n; i++) {
          // Mostly the top pages, sometimes deep ones.
          const page = i % 10 === 0 ? Math.floor(random() * lastPage) : Math.floor(random() * 5);
          const userId = userOf();
          const pair: Array<[() => unknown, () => unknown, { port: number[]; raw: number[] }]> = [
            [() => leaderboardPage(reads, where, page, PAGE_SIZE), () => raw.page(sortBy, scope, page), pages],
            [() => myLeaderboardEntry(reads, where, userId), () => raw.me(sortBy, scope, userId), mine],
          ];
          for (const [port, hand, into] of pair) await alternate(i, port, hand, into);
        }
        for (const [name, figures] of [[`${sortBy} ${period} page`, pages], [`${sortBy} ${period} my rank`, mine]] as const) failed = !printRow(name, figures, TARGET_RATIO) || failed;
      }
      console.log('\nQuery plans (hand-written SQL; the port issues the same statements): no query scans all players');
      for (const sortBy of ['points', 'bestGuess', 'elo'] as const) {
        const plan = raw.planOf(sortBy);
        console.log(`- ${sortBy} page: ${plan.page}\n- ${sortBy} later page: ${plan.deepPage}\n- ${sortBy} rank: ${plan.rank}`);
      }
      process.exitCode = failed ? 1 : 0;
    } finally {
      db.close();
      await reads.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}


await main();
