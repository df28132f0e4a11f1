import {
  type LeaderboardEntry,
  type LeaderboardMe,
  type LeaderboardPage,
  type LeaderboardRowDoc,
  type LeaderboardSort,
  type LeaderboardScopeDoc,
  levelForPoints,
  readModelCollections,
  type TimePeriod,
  tierForLevel,
} from '@globetrail/contracts';
import { ALL_TIME, periodKey, scopeOf } from '../../domain/leaderboard/periods.js';
import type { Filter, ReadStore } from '../../platform/read-store/read-store.port.js';
import { rowId } from './leaderboards.projection.js';
import { bucketAtOffset, bucketOf, rowsAbove, upperOf } from '../../domain/leaderboard/rank-buckets.js';

const collection = readModelCollections.leaderboardRows;

/** The field each sort orders by (descending), and what a row must have to be listed. */
const SORT_FIELDS: Record<LeaderboardSort, { field: keyof LeaderboardRowDoc; where?: Filter }> = {
  points: { field: 'points' },
  level: { field: 'points' },
  games: { field: 'games' },
  bestGuess: { field: 'closeness', where: { hasGuess: true } },
  countryStreak: { field: 'countryStreak' },
  elo: { field: 'elo' },
  dailyStreak: { field: 'dailyStreak' },
};

export interface LeaderboardScope {
  sortBy: LeaderboardSort;
  period: TimePeriod;
  /** The round filter key ('all', 'country:FR', …). */
  filter: string;
  /** The server's time: which day, week and month are current. */
  now: Date;
}

function scopeFilter({ sortBy, period, filter, now }: LeaderboardScope): Filter {
  return { scope: scopeOf(periodKey(period, now), filter), ...SORT_FIELDS[sortBy].where };
}

const valueOf = (sortBy: LeaderboardSort, row: LeaderboardRowDoc): number => {
  switch (sortBy) {
    case 'level':
      return levelForPoints(row.points);
    case 'bestGuess':
      return row.bestGuess ?? 0;
    case 'elo':
      return row.elo ?? 0;
    case 'dailyStreak':
      return row.dailyStreak ?? 0;
    default:
      return row[sortBy];
  }
};

/**
 * 1-based rank of a value within a scope; ties share a rank. The rows of the value buckets above come from
 * the scope's bucket counts; only the rows above it within its own bucket are counted (rank-buckets.ts).
 */
async function rankIn(reads: ReadStore, scopeDoc: Promise<LeaderboardScopeDoc | null>, field: string, value: number, filter: Filter): Promise<number> {
  const bucket = bucketOf(value);
  const upper = upperOf(bucket);
  const [counts, within] = await Promise.all([
    scopeDoc,
    reads.count(collection, { ...filter, [field]: upper === null ? { $gt: value } : { $gt: value, $lt: upper } }),
  ]);
  // No scope document: a scope without rows, or a generation built by version 1 serving while version 2 is
  // built beside it (ProjectionRunner upgradeBeside): every row above is counted.
  if (!counts) return (await reads.count(collection, { ...filter, [field]: { $gt: value } })) + 1;
  return rowsAbove(counts.counts[field] ?? {}, bucket) + within + 1;
}

/** The scope's document (its totals and bucket counts), read once for a page. */
const scopeDocOf = (reads: ReadStore, scopeId: string) => reads.get<LeaderboardScopeDoc>(readModelCollections.leaderboardScopes, scopeId);

function rankOf(reads: ReadStore, scope: LeaderboardScope, row: LeaderboardRowDoc, scopeDoc = scopeDocOf(reads, row.scope)): Promise<number> {
  const field = SORT_FIELDS[scope.sortBy].field;
  return rankIn(reads, scopeDoc, field, row[field] as number, scopeFilter(scope));
}

/** A page's rows as entries: level and tier from each player's all-time points, whatever the scope. */
async function entriesOf(reads: ReadStore, sortBy: LeaderboardSort, rows: LeaderboardRowDoc[], ranks: number[]): Promise<LeaderboardEntry[]> {
  // A period or filter page's players' all-time rows, in one read.
  const others = rows.filter((row) => row.scope !== ALL_TIME).map((row) => rowId(ALL_TIME, row.userId));
  const allTime = new Map((others.length === 0 ? [] : await reads.list<LeaderboardRowDoc>(collection, { filter: { id: { $in: others } } })).map((row) => [row.userId, row]));
  return rows.map((row, i) => {
    const level = levelForPoints((row.scope === ALL_TIME ? row : allTime.get(row.userId))?.points ?? row.points);
    return { rank: ranks[i]!, uid: row.userId, name: row.name, value: valueOf(sortBy, row), points: row.points, level, tier: tierForLevel(level), games: row.games };
  });
}

export async function leaderboardPage(reads: ReadStore, scope: LeaderboardScope, page: number, pageSize: number): Promise<LeaderboardPage> {
  const { field } = SORT_FIELDS[scope.sortBy];
  const filter = scopeFilter(scope);
  // The total is kept by the projection: counting a million rows on every page would read them all (they
  // are counted only where the scope has no document: see rankIn).
  const scopeDoc = scopeDocOf(reads, filter.scope as string);
  const [totals, rows] = await Promise.all([scopeDoc, pageRows(reads, scopeDoc, filter, field, page * pageSize, pageSize)]);
  const total = totals ? (scope.sortBy === 'bestGuess' ? totals.withGuess : totals.rows) : rows.length === 0 && page === 0 ? 0 : await reads.count(collection, filter);
  // Rank the page's first row with a count, then carry ties down the page.
  const ranks: number[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = rows[i - 1];
    ranks.push(previous && previous[field] === row[field] ? ranks[i - 1]! : i === 0 ? await rankOf(reads, scope, row, scopeDoc) : page * pageSize + i + 1);
  }
  return { sortBy: scope.sortBy, period: scope.period, filter: scope.filter, page, pageSize, total, entries: await entriesOf(reads, scope.sortBy, rows, ranks) };
}

/**
 * A page's rows, highest first. A later page starts at the upper bound of the value bucket its first row is
 * in (from the scope's bucket counts) and skips only that bucket's rows before it: page 40,000 of a million
 * players reads the rows of one bucket, not the 800,000 rows above it.
 */
async function pageRows(reads: ReadStore, scopeDoc: Promise<LeaderboardScopeDoc | null>, filter: Filter, field: string, offset: number, pageSize: number): Promise<LeaderboardRowDoc[]> {
  const sort: Array<[string, 'desc']> = [[field, 'desc']];
  if (offset === 0) return reads.list<LeaderboardRowDoc>(collection, { filter, sort, limit: pageSize });
  const counts = (await scopeDoc)?.counts[field];
  const start = counts && bucketAtOffset(counts, offset);
  const upper = start ? upperOf(start.bucket) : null;
  if (!start || upper === null) return reads.list<LeaderboardRowDoc>(collection, { filter, sort, skip: offset, limit: pageSize });
  return reads.list<LeaderboardRowDoc>(collection, { filter: { ...filter, [field]: { $lt: upper } }, sort, skip: offset - start.above, limit: pageSize });
}

/** "My rank": the player's own row in the scope, ranked; null while they have none there. */
export async function myLeaderboardEntry(reads: ReadStore, scope: LeaderboardScope, userId: string): Promise<LeaderboardMe> {
  const row = await reads.get<LeaderboardRowDoc>(collection, rowId(scopeFilter(scope).scope as string, userId));
  const listed = row && (scope.sortBy !== 'bestGuess' || row.hasGuess);
  const entry = listed ? (await entriesOf(reads, scope.sortBy, [row], [await rankOf(reads, scope, row)]))[0]! : null;
  return { sortBy: scope.sortBy, period: scope.period, filter: scope.filter, entry };
}

/** 1-based rank for an all-time points total among signed-up players; ties share a rank. */
export function rankForPoints(reads: ReadStore, points: number): Promise<number> {
  return rankIn(reads, scopeDocOf(reads, ALL_TIME), 'points', points, { scope: ALL_TIME });
}
