import { type DomainEvent, LIVE, type LeaderboardRowDoc, type LeaderboardScopeDoc, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { ALL_TIME, roundFilterKeys, scopeOf } from '../../domain/leaderboard/periods.js';
import { outliving, runningPeriods, type RunningPeriods } from '../../domain/leaderboard/running-periods.js';
import { bucketOf, move, RANK_FIELDS, type RankField } from '../../domain/leaderboard/rank-buckets.js';
import { defineProjection, type DocumentReader, type LogAhead, remove, upsert } from '../projection.js';
import type { Document, WriteOperation } from '../../platform/read-store/read-store.port.js';

const collection = readModelCollections.leaderboardRows;
const scopes = readModelCollections.leaderboardScopes;

export const rowId = (scope: string, userId: string) => `${scope}~${userId}`;

/** A row's values of RANK_FIELDS, in that order. */
type RankValues = Array<number | null>;
const rankValues = (row: LeaderboardRowDoc): RankValues => RANK_FIELDS.map((field) => row[field] as number | null);

/** The periods a scored round runs in, worked out once per event (a rebuild asks for the same last round at every round). */
const periodsOfRound = new WeakMap<object, RunningPeriods>();
function periodsOf(round: { data: { submittedAt: string } }): RunningPeriods {
  let periods = periodsOfRound.get(round);
  if (!periods) periodsOfRound.set(round, (periods = runningPeriods(null, new Date(round.data.submittedAt)).running));
  return periods;
}

/** The scopes' document holding the running periods (an id no scope has). */
export const RUNNING = 'running';
type RunningDoc = Document & RunningPeriods & { id: typeof RUNNING };

const emptyRow = (scope: string, userId: string, name: string): LeaderboardRowDoc => ({
  id: rowId(scope, userId),
  scope,
  userId,
  name,
  points: 0,
  games: 0,
  hasGuess: false,
  bestGuess: null,
  closeness: null,
  countryStreak: 0,
  elo: null,
  dailyStreak: null,
});

const allTimeRow = (userId: string, name: string): LeaderboardRowDoc => ({ ...emptyRow(ALL_TIME, userId, name), elo: LIVE.eloStart, dailyStreak: 0, filters: [] });

const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

type ScoredRound = Extract<DomainEvent, { type: 'ScoreSubmitted' }>['data'];
const HANDLES = ['UserCreated', 'UserRegistered', 'UserRenamed', 'ScoreSubmitted', 'UserDeleted', 'EloRatingChanged', 'DailyChallengeStreakChanged'] as const;
type LeaderboardEvent = Extract<DomainEvent, { type: (typeof HANDLES)[number] }>;

/** The scopes a scored round counts in, with their rows and documents as they stand (null: none yet). */
interface RoundScopes {
  scopes: string[];
  rows: Array<LeaderboardRowDoc | null>;
  docs: Array<LeaderboardScopeDoc | null>;
}

/**
 * A scored round's rows and scope documents, read together: without a promise (or an async step per row)
 * when all are in memory, as in a rebuild — the reads and awaits of a round's dozen rows and scope documents
 * made 40 % of this projection's garbage.
 */
function roundScopes(documents: DocumentReader, userId: string, player: LeaderboardRowDoc, scopeKeys: string[]): RoundScopes | Promise<RoundScopes> {
  const rows: Array<LeaderboardRowDoc | null | Promise<LeaderboardRowDoc | null>> = [];
  const docs: Array<LeaderboardScopeDoc | null | Promise<LeaderboardScopeDoc | null>> = [];
  let waiting = false;
  for (const scope of scopeKeys) {
    const row = scope === ALL_TIME ? player : documents.get<LeaderboardRowDoc>(collection, rowId(scope, userId));
    const doc = documents.get<LeaderboardScopeDoc>(scopes, scope);
    waiting ||= isPromise(row) || isPromise(doc);
    rows.push(row);
    docs.push(doc);
  }
  if (!waiting) return { scopes: scopeKeys, rows: rows as Array<LeaderboardRowDoc | null>, docs: docs as Array<LeaderboardScopeDoc | null> };
  return Promise.all([Promise.all(rows), Promise.all(docs)]).then(([readRows, readDocs]) => ({ scopes: scopeKeys, rows: readRows, docs: readDocs }));
}

/**
 * A scored round added to the player's row in each scope it counts in (`counted`), and each scope's totals
 * and bucket counts moved to match; each scope document changed is written once, after the rows. Rows and
 * scope documents are changed in place (the runner's own copies: projection.ts DocumentReader). Nothing is
 * made per row but the row's write (and a new row): this runs a dozen times per scored round.
 */
function scoreRound(round: ScoredRound, filters: readonly string[], counted: RoundScopes, playerName: string, position: bigint): WriteOperation[] {
  const { userId, points, distanceMeters, currentCountryStreak, bestCountryStreak } = round;
  const writes: WriteOperation[] = [];
  /** Scope documents changed, in the order first changed. */
  const touched: LeaderboardScopeDoc[] = [];
  for (let i = 0; i < counted.scopes.length; i++) {
    const scope = counted.scopes[i]!;
    const existing = counted.rows[i]!;
    const row = existing ?? emptyRow(scope, userId, playerName);
    if (!existing || !row.hasGuess) {
      const doc = touchScope(counted, touched, i);
      doc.rows += existing ? 0 : 1;
      doc.withGuess += row.hasGuess ? 0 : 1;
    }
    // The rank fields as they were (null: a new row); a scored round changes these four.
    const { points: pointsBefore, games: gamesBefore, closeness: closenessBefore, countryStreak: streakBefore } = existing ?? NOT_COUNTED;
    const bestGuess = row.bestGuess === null ? distanceMeters : Math.min(row.bestGuess, distanceMeters);
    row.points += points;
    row.games += 1;
    row.hasGuess = true;
    row.bestGuess = bestGuess;
    row.closeness = -bestGuess;
    // All time, the player's best streak; in a period or filter, the longest reached there.
    row.countryStreak = Math.max(row.countryStreak, scope === ALL_TIME ? bestCountryStreak : currentCountryStreak);
    if (scope === ALL_TIME) withFilters(row, filters);
    writes.push(upsert(collection, row, position));
    moveBucket(counted, touched, i, 'points', pointsBefore, row.points);
    moveBucket(counted, touched, i, 'games', gamesBefore, row.games);
    moveBucket(counted, touched, i, 'closeness', closenessBefore, row.closeness);
    moveBucket(counted, touched, i, 'countryStreak', streakBefore, row.countryStreak);
    // A new row's rating and daily streak join their buckets (a period's rows have neither).
    if (!existing) {
      moveBucket(counted, touched, i, 'elo', null, row.elo);
      moveBucket(counted, touched, i, 'dailyStreak', null, row.dailyStreak);
    }
  }
  for (const doc of touched) writes.push(upsert(scopes, doc, position));
  return writes;
}

/** A row's rank fields before it was ever counted. */
const NOT_COUNTED = { points: null, games: null, closeness: null, countryStreak: null };

/** The `i`th scope's document, changed from now on (made when the scope has none yet). */
function touchScope(counted: RoundScopes, touched: LeaderboardScopeDoc[], i: number): LeaderboardScopeDoc {
  let doc = counted.docs[i];
  if (!doc || !touched.includes(doc)) {
    doc ??= counted.docs[i] = { id: counted.scopes[i]!, rows: 0, withGuess: 0, counts: {} };
    touched.push(doc);
  }
  return doc;
}

/**
 * The `i`th scope's bucket counts of `field` moved for a row's value going `from` → `to` (null: not
 * counted). Most changes stay in their bucket (a few points more): the scope's document is not even touched.
 */
function moveBucket(counted: RoundScopes, touched: LeaderboardScopeDoc[], i: number, field: RankField, from: number | null, to: number | null): void {
  if (from === to || (from === null ? null : bucketOf(from)) === (to === null ? null : bucketOf(to))) return;
  move((touchScope(counted, touched, i).counts[field] ??= {}), from, to);
}

/** The all-time row's round filters, with the round's added (each once). */
function withFilters(row: LeaderboardRowDoc, filters: readonly string[]): void {
  const had = row.filters ?? [];
  for (const key of filters) {
    if (had.includes(key)) continue;
    row.filters = [...new Set([...had, ...filters])];
    return;
  }
}

/**
 * A scored round: the rows and scope documents of every scope it counts in, and the periods it ends.
 * Without a promise when every document it reads is in memory (most rounds of a rebuild).
 */
function scored(round: ScoredRound, position: bigint, ahead: LogAhead | undefined, documents: DocumentReader): WriteOperation[] | Promise<WriteOperation[]> {
  const own = documents.get<LeaderboardRowDoc>(collection, rowId(ALL_TIME, round.userId));
  const running = documents.get<RunningDoc>(scopes, RUNNING);
  if (isPromise(own) || isPromise(running)) return Promise.all([own, running]).then(([player, got]) => scoredFrom(round, position, ahead, documents, player, got));
  return scoredFrom(round, position, ahead, documents, own, running);
}

function scoredFrom(round: ScoredRound, position: bigint, ahead: LogAhead | undefined, documents: DocumentReader, player: LeaderboardRowDoc | null, running: RunningDoc | null): WriteOperation[] | Promise<WriteOperation[]> {
  if (!player) return [];
  const filters = roundFilterKeys(round.targetCountryCode, round.mapCategories);
  const writes: WriteOperation[] = [];
  const step = runningPeriods(running, new Date(round.submittedAt));
  // Rebuilding: a period that ends before the log's last scored round would be deleted by then, so
  // its rows, totals and counts are not even made (below), and there is nothing of it to delete.
  const last = ahead?.last('ScoreSubmitted');
  const later = last ? periodsOf(last) : null;
  for (const period of step.ended) {
    if (later && outliving([period], later).length === 0) continue;
    for (const from of [collection, scopes]) writes.push({ kind: 'deletePrefix', collection: from, prefix: `${period}|` });
  }
  if (step.moved) writes.push(upsert(scopes, { id: RUNNING, ...step.running } satisfies RunningDoc, position));
  const periods = later ? outliving(step.counts, later) : step.counts;
  const scopeKeys: string[] = [];
  for (const period of periods) for (const filter of filters) scopeKeys.push(scopeOf(period, filter));
  const counting = (counted: RoundScopes) => {
    for (const write of scoreRound(round, filters, counted, player.name, position)) writes.push(write);
    return writes;
  };
  const read = roundScopes(documents, round.userId, player, scopeKeys);
  return isPromise(read) ? read.then(counting) : counting(read);
}


/**
 * Every leaderboard: one row per signed-up player and scope (period × round filter). A scored round adds
 * to the rows of its four periods (all time, its UTC month, ISO week and day) under each filter it counts
 * under; ranks are counted at query time (players above + 1), so no write touches another player's rows.
 *
 * Only the running periods are kept, by the events' own clock (running-periods.ts): the first scored round
 * of a new day, week or month deletes the ended one's rows and scope documents at once (their ids all begin
 * with its key), and a round scored late for a period already ended counts all time and in the
 * periods still running. Queries only read the current periods, so nothing readable is lost, and a long-lived
 * game's table stays the size of its players × a few periods, not × every day it has run.
 */
export const leaderboardsProjection = defineProjection({
  name: 'leaderboards',
  collections: [collection, scopes],
  // Version 2: a scope's totals and its six fields' bucket counts in one document (leaderboard_scopes), not
  // seven (leaderboard_totals, and leaderboard_buckets per field). A scored round wrote about 24 documents,
  // 16 of them bucket counts; now about 12, half of them rows (a rebuild's leaderboards alone at 1,000,000
  // events: 17.0–17.6 s against 18.9–19.1 s).
  version: 2,
  retiredCollections: ['leaderboard_totals', 'leaderboard_buckets'],
  indexes: [
    { collection, fields: ['scope', ['points', 'desc']] },
    { collection, fields: ['scope', ['games', 'desc']] },
    { collection, fields: ['scope', 'hasGuess', ['closeness', 'desc']] },
    { collection, fields: ['scope', ['countryStreak', 'desc']] },
    { collection, fields: ['scope', ['elo', 'desc']] },
    { collection, fields: ['scope', ['dailyStreak', 'desc']] },
  ],
  handles: HANDLES,
  // A rebuild knows the log's last scored round: rows of periods it ends are not even made (see below).
  lookAhead: ['ScoreSubmitted'],
  apply({ event, position, ahead }, documents) {
    // The event of most of the log: without a promise when it can, and without the closures below.
    return event.type === 'ScoreSubmitted' ? scored(event.data, position, ahead, documents) : otherEvent(event, position, documents);
  },
});

/** Any other event: players joining, renamed, deleted, and their rating and daily streak. */
async function otherEvent(event: Exclude<LeaderboardEvent, { type: 'ScoreSubmitted' }>, position: bigint, documents: DocumentReader): Promise<WriteOperation[]> {
  // A document the runner holds in memory comes back without a promise (most reads of a rebuild), and is
  // not awaited: an await per read was a tenth of this projection's time. Documents read here are the
  // runner's own copies (projection.ts DocumentReader), so the next version is built in place.
  const own = (userId: string) => documents.get<LeaderboardRowDoc>(collection, rowId(ALL_TIME, userId));
  /**
   * The scopes whose document this event changed: each is written once, after the rows (a scored round
   * changes a scope's totals and several fields' counts, in one document).
   */
  const touched = new Map<string, LeaderboardScopeDoc>();
  const scopeDoc = async (scope: string) => {
    let doc = touched.get(scope);
    if (doc) return doc;
    const got = documents.get<LeaderboardScopeDoc>(scopes, scope);
    doc = (got instanceof Promise ? await got : got) ?? { id: scope, rows: 0, withGuess: 0, counts: {} };
    touched.set(scope, doc);
    return doc;
  };
  const scopeWrites = () => [...touched.values()].map((doc) => upsert(scopes, doc, position));
  /** The scope's bucket counts moved for a row whose rank values were `before` (null: new) and are now `after`'s (null: removed). */
  const moveBuckets = async (scope: string, before: RankValues | null, after: LeaderboardRowDoc | null) => {
    for (let i = 0; i < RANK_FIELDS.length; i++) {
      const field = RANK_FIELDS[i]!;
      const from = before ? before[i]! : null;
      const to = after ? (after[field] as number | null) : null;
      // Most changes stay in their bucket (a few points more), or change nothing (the rating at a
      // scored round): the scope's document is not even read.
      if (from === to || (from === null ? null : bucketOf(from)) === (to === null ? null : bucketOf(to))) continue;
      // Changed in place and written once (see rank-buckets.ts move).
      move(((await scopeDoc(scope)).counts[field] ??= {}), from, to);
    }
  };
  /** A row written (or removed: `after` null), with its scope's bucket counts moved to match. */
  const put = async (before: LeaderboardRowDoc | null, after: LeaderboardRowDoc | null) => {
    const row = (after ?? before)!;
    await moveBuckets(row.scope, before && rankValues(before), after);
    return after ? upsert(collection, after, position) : remove(collection, row.id);
  };
  /** The scope's totals after a row joins (or leaves, with -1), and gains a guess. */
  const counted = async (scope: string, rows: number, withGuess: number) => {
    const doc = await scopeDoc(scope);
    doc.rows += rows;
    doc.withGuess += withGuess;
  };
  /** A signed-up player's all-time row, counted in the all-time scope. */
  const joined = async (userId: string, name: string) => {
    const row = await put(null, allTimeRow(userId, name));
    await counted(ALL_TIME, 1, 0);
    return [row, ...scopeWrites()];
  };
  const running = async () => (await documents.get<RunningDoc>(scopes, RUNNING)) ?? null;
  /** A player's rows (all time and the running periods), under every filter they have rows under. */
  const rowsOf = async (userId: string) => {
    const player = await own(userId);
    if (!player) return [];
    const periods = await running();
    const rows: LeaderboardRowDoc[] = [];
    for (const period of ['all', ...(periods ? [periods.month, periods.week, periods.day] : [])]) {
      for (const filter of new Set(['all', ...(player.filters ?? [])])) {
        const row = await documents.get<LeaderboardRowDoc>(collection, rowId(scopeOf(period, filter), userId));
        if (row) rows.push(row);
      }
    }
    return rows;
  };
  switch (event.type) {
    case 'UserCreated':
      if (event.data.isAnonymous) return [];
      return joined(event.data.userId, event.data.name);
    case 'UserRegistered': {
      const row = await own(event.data.userId);
      if (row) return [upsert(collection, { ...row, name: event.data.name }, position)];
      return joined(event.data.userId, event.data.name);
    }
    case 'UserRenamed': {
      const writes = [];
      for (const row of await rowsOf(event.data.userId)) writes.push(upsert(collection, { ...row, name: event.data.name }, position));
      return writes;
    }
    case 'UserDeleted': {
      const writes = [];
      for (const row of await rowsOf(event.data.userId)) {
        writes.push(await put(row, null));
        await counted(row.scope, -1, row.hasGuess ? -1 : 0);
      }
      return [...writes, ...scopeWrites()];
    }
    case 'EloRatingChanged': {
      const player = await own(event.data.userId);
      return player ? [await put(player, { ...player, elo: event.data.after }), ...scopeWrites()] : [];
    }
    case 'DailyChallengeStreakChanged': {
      const player = await own(event.data.userId);
      return player ? [await put(player, { ...player, dailyStreak: event.data.dcsb }), ...scopeWrites()] : [];
    }
    default:
      return assertNever(event);
  }
}
