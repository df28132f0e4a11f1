import { type DomainEvent, type LeaderboardScopeDoc, type LeaderboardSort, levelForPoints, type MapCategories, type TimePeriod } from '@globetrail/contracts';
import { lookAhead } from '../../ops/rebuild.js';
import { ProjectionRunner } from '../projection-runner.js';
import { scoreSubmitted, userCreated, userRegistered } from '../testing/events.js';
import { project } from '../testing/project.js';
import { tempStores } from '../testing/stores.js';
import { leaderboardsProjection } from './leaderboards.projection.js';
import { leaderboardPage, myLeaderboardEntry, rankForPoints } from './leaderboards.queries.js';

const rural: MapCategories = { coverage: 'country', urbanRural: 'rural', coastalInland: 'inland', regionalFocusByCountry: 'FR', countryStreakEligible: false };

/** A round scored at `at`, with its distance, streak and where it was. */
const scored = (userId: string, points: number, at: string, extra: { distanceMeters?: number; streak?: number; country?: string | null; categories?: MapCategories } = {}) =>
  scoreSubmitted(userId, points, {
    gameId: `g-${userId}-${at}`,
    distanceMeters: extra.distanceMeters ?? 1000,
    currentCountryStreak: extra.streak ?? 0,
    bestCountryStreak: extra.streak ?? 0,
    targetCountryCode: extra.country ?? null,
    mapCategories: extra.categories ?? null,
    submittedAt: at,
  });
const elo = (userId: string, after: number): DomainEvent => ({ type: 'EloRatingChanged', version: 1, data: { userId, gameId: `m-${after}`, opponentId: 'x', outcome: 'win', before: 1000, after, at: '2026-11-20T10:00:00.000Z' } });
const dailyStreak = (userId: string, dcsb: number): DomainEvent => ({ type: 'DailyChallengeStreakChanged', version: 1, data: { userId, dcs: dcsb, dcsb, dcsd: '20261120', challengeId: '2026-11-20', at: '2026-11-20T10:00:00.000Z' } });

describe('leaderboards projection', () => {
  it('keeps rows for signed-up players only, per period and filter, and drops a deleted player from the current ones', async () => {
    const { leaderboard_rows } = await project(leaderboardsProjection, [
      ['user-a', [userCreated('a', true), userRegistered('a', 'Ada')]],
      ['user-b', [userCreated('b', true)]],
      ['user-c', [userCreated('c'), scored('c', 700, '2026-11-26T10:00:00.000Z', { country: 'FR', categories: rural })]],
      ['user-d', [userCreated('d'), scored('d', 10, '2026-11-26T10:00:00.000Z'), { type: 'UserDeleted', version: 1, data: { userId: 'd', deletedAt: '2026-11-26T11:00:00.000Z' } }]],
    ]);
    const ids = (leaderboard_rows ?? []).map((row) => row.id);
    expect(ids).toContain('all|all~a');
    expect(ids.some((id) => id.endsWith('~b'))).toBe(false);
    expect(ids.filter((id) => id.endsWith('~c')).sort()).toEqual(
      ['all', 'm2026-11', 'w2026-W48', 'd2026-11-26'].flatMap((period) => ['all', 'country:FR', 'coverage:country', 'urbanRural:rural', 'coastalInland:inland', 'focus:FR'].map((filter) => `${period}|${filter}~c`)).sort(),
    );
    expect(ids.some((id) => id.endsWith('~d'))).toBe(false);
  });

  it('gives a renamed player’s rows of the current periods the new name', async () => {
    const renamed: DomainEvent = { type: 'UserRenamed', version: 1, data: { userId: 'c', name: 'Cleo', renamedAt: '2026-11-26T12:00:00.000Z' } };
    const { leaderboard_rows } = await project(leaderboardsProjection, [
      ['user-c', [userCreated('c'), scored('c', 700, '2026-11-26T10:00:00.000Z', { country: 'FR' }), renamed]],
    ]);
    const names = new Map((leaderboard_rows ?? []).map((row) => [row.id, row.name]));
    for (const id of ['all|all~c', 'd2026-11-26|all~c', 'w2026-W48|country:FR~c', 'm2026-11|all~c']) expect(names.get(id)).toBe('Cleo');
  });

  it('keeps only the running periods: a new day, week or month deletes the ended one’s rows and scope documents', async () => {
    const deleted: DomainEvent = { type: 'UserDeleted', version: 1, data: { userId: 'c', deletedAt: '2026-12-02T09:00:00.000Z' } };
    const renamed: DomainEvent = { type: 'UserRenamed', version: 1, data: { userId: 'a', name: 'Ada L.', renamedAt: '2026-12-02T09:00:00.000Z' } };
    const documents = await project(leaderboardsProjection, [
      ['user-a', [userCreated('a'), scored('a', 5000, '2026-11-26T10:00:00.000Z', { country: 'FR' })]],
      ['user-b', [userCreated('b'), scored('b', 4000, '2026-11-27T10:00:00.000Z', { country: 'PT' })]],
      ['user-c', [userCreated('c'), scored('c', 3000, '2026-11-30T10:00:00.000Z')]],
      // Tuesday 1 December: a new day and month, the same week as Monday 30 November.
      ['user-a-2', [scored('a', 2000, '2026-12-01T10:00:00.000Z')]],
      // Scored late for Monday 30 November, after Tuesday's: all time and the week only.
      ['user-b-2', [scored('b', 1000, '2026-11-30T23:59:59.000Z')]],
      ['user-c-2', [deleted, renamed]],
    ]);
    const rows = new Map((documents.leaderboard_rows ?? []).map((row) => [row.id, row]));
    expect([...rows.keys()].sort()).toEqual(['all|all~a', 'all|all~b', 'all|country:FR~a', 'all|country:PT~b', 'd2026-12-01|all~a', 'm2026-12|all~a', 'w2026-W49|all~a', 'w2026-W49|all~b'].sort());
    expect(rows.get('all|all~b')).toMatchObject({ points: 5000, games: 2 });
    expect(rows.get('w2026-W49|all~b')).toMatchObject({ points: 1000, games: 1 });
    // The deletion took Cy's rows of every period kept; the rename reached every row Ada has.
    for (const id of ['all|all~a', 'd2026-12-01|all~a', 'm2026-12|all~a', 'w2026-W49|all~a']) expect(rows.get(id)?.name).toBe('Ada L.');
    const scopes = (docs: Array<{ id: string }> | undefined) => [...new Set((docs ?? []).map((doc) => doc.id.split('|')[0]))].sort();
    expect(scopes(documents.leaderboard_scopes)).toEqual(['all', 'd2026-12-01', 'm2026-12', 'running', 'w2026-W49']);
    // Ada (2,000 points on the 1st) and Bo (1,000 scored late for the 30th) in this week; both guessed.
    const week = (documents.leaderboard_scopes ?? []).find((doc) => doc.id === 'w2026-W49|all');
    expect(week).toMatchObject({ id: 'w2026-W49|all', rows: 2, withGuess: 2 });
    expect(Object.values((week as unknown as LeaderboardScopeDoc).counts.points!).reduce((a, b) => a + b, 0)).toBe(2);
    expect((documents.leaderboard_scopes ?? []).find((doc) => doc.id === 'running')).toEqual({ id: 'running', month: 'm2026-12', week: 'w2026-W49', day: 'd2026-12-01' });
  });

  /** Rebuilds `streams` into a new generation knowing the log's last scored round (as `ops rebuild` does), checks the documents equal a live projection's, and returns the row ids made and the prefixes deleted. */
  async function rebuildAgainstLive(streams: Array<[string, DomainEvent[]]>, lastRoundAt: string): Promise<{ made: string[]; deleted: string[] }> {
    const live = await project(leaderboardsProjection, streams);
    const stores = tempStores();
    try {
      let head = 0n;
      for (const [stream, events] of streams) head = (await stores.append(stream, events)).position;
      const ahead = await lookAhead(stores.events, new Set(leaderboardsProjection.lookAhead), head);
      expect(ahead.last('ScoreSubmitted')?.data.submittedAt).toBe(lastRoundAt);
      const generation = await stores.reads.beginGeneration(leaderboardsProjection.name, leaderboardsProjection.collections);
      // Every row the projection hands over is counted, and every prefix it deletes.
      const made: string[] = [];
      const deleted: string[] = [];
      const counting = { ...leaderboardsProjection, apply: async (...args: Parameters<typeof leaderboardsProjection.apply>) => {
        const writes = await leaderboardsProjection.apply(...args);
        for (const write of writes) {
          if (write.kind === 'upsert' && write.collection === 'leaderboard_rows') made.push(write.document.id);
          if (write.kind === 'deletePrefix') deleted.push(`${write.collection}:${write.prefix}`);
        }
        return writes;
      } };
      const runner = new ProjectionRunner(counting, stores.events, stores.reads, { generation, writeBackUntil: head, ahead, idleCheckpointMs: 0 });
      await runner.start();
      await runner.waitFor(head);
      await runner.stop();
      for (const name of leaderboardsProjection.collections) expect(await stores.reads.list(`${name}@${generation}`, { sort: [['id', 'asc']] })).toEqual(live[name]);
      return { made, deleted };
    } finally {
      await stores.close();
    }
  }

  const days = ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'];
  const playedEveryDay: Array<[string, DomainEvent[]]> = ['a', 'b', 'c'].map((user, u) => [
    `user-${user}`,
    [userCreated(user), ...days.flatMap((day, d) => [scored(user, 100 * (u + d + 1), `${day}T1${u}:00:00.000Z`, { country: d % 2 ? 'FR' : 'PT', streak: d })]), { type: 'UserRenamed', version: 1, data: { userId: user, name: `${user}!`, renamedAt: '2026-11-28T00:00:00.000Z' } }],
  ]);

  it('rebuilt knowing the log’s last scored round, makes no row of a period it ends, deletes nothing, and ends with the same documents', async () => {
    const { made, deleted } = await rebuildAgainstLive(playedEveryDay, '2026-12-02T12:00:00.000Z');
    expect(made.filter((id) => /^(d2026-11|d2026-12-01|w2026-W48|m2026-11)/.test(id))).toEqual([]);
    expect(made.some((id) => id.startsWith('w2026-W49|country:FR'))).toBe(true);
    // Every period ended (days, a week, a month) ended before the last round: none had anything to delete.
    expect(deleted).toEqual([]);
  });

  it('rebuilt when the log’s last scored round was scored late (for a day already ended), still deletes what that day made', async () => {
    // Cy's last round is for 1 December, appended after everyone's rounds of the 2nd: 1 December's rows are
    // made (the last round's own day), then the 2nd ends that day, which must delete them as it did live.
    const lateLast: Array<[string, DomainEvent[]]> = [...playedEveryDay, ['user-c-late', [scored('c', 50, '2026-12-01T23:59:00.000Z')]]];
    const { made, deleted } = await rebuildAgainstLive(lateLast, '2026-12-01T23:59:00.000Z');
    expect(made.some((id) => id.startsWith('d2026-12-01|'))).toBe(true);
    expect(deleted).toEqual(['leaderboard_rows:d2026-12-01|', 'leaderboard_scopes:d2026-12-01|']);
  });

  describe('queries across UTC day, week and month boundaries', () => {
    const stores = tempStores();
    const runner = new ProjectionRunner(leaderboardsProjection, stores.events, stores.reads);
    const now = new Date('2026-12-01T00:00:00.000Z'); // a Tuesday; the month and day just began
    const scope = (sortBy: LeaderboardSort, period: TimePeriod = 'all', filter = 'all') => ({ sortBy, period, filter, now });

    beforeAll(async () => {
      await runner.start();
      const streams: Array<[string, DomainEvent[]]> = [
        // Ada: big last month (Sunday night of the previous week), one small round today.
        ['user-a', [userCreated('a'), scored('a', 9000, '2026-11-29T23:59:59.999Z', { distanceMeters: 50, streak: 7 }), scored('a', 100, '2026-12-01T00:00:00.000Z', { distanceMeters: 900_000 }), elo('a', 1100)]],
        // Bo: Monday of this week (last month), and today.
        ['user-b', [userCreated('b'), scored('b', 3000, '2026-11-30T08:00:00.000Z', { distanceMeters: 20, country: 'FR', streak: 2 }), scored('b', 3000, '2026-12-01T00:00:01.000Z', { distanceMeters: 300, country: 'FR', streak: 3 }), dailyStreak('b', 4)]],
        // Cy: nothing this month; Dee: registered, never played.
        ['user-c', [userCreated('c'), scored('c', 5000, '2026-11-10T12:00:00.000Z', { distanceMeters: 10 })]],
        ['user-d', [userCreated('d')]],
      ];
      let last = 0n;
      for (const [stream, events] of streams) last = (await stores.append(stream, events)).position;
      await runner.waitFor(last);
    });
    afterAll(async () => {
      await runner.stop();
      await stores.close();
    });

    const ranking = async (sortBy: LeaderboardSort, period: TimePeriod = 'all', filter = 'all') =>
      (await leaderboardPage(stores.reads, scope(sortBy, period, filter), 0, 10)).entries.map((entry) => [entry.uid, entry.rank, entry.value]);

    it('points: all time, this month (from 00:00 UTC on the 1st), this week (from Monday), today', async () => {
      expect(await ranking('points')).toEqual([['a', 1, 9100], ['b', 2, 6000], ['c', 3, 5000], ['d', 4, 0]]);
      expect(await ranking('points', 'month')).toEqual([['b', 1, 3000], ['a', 2, 100]]);
      expect(await ranking('points', 'week')).toEqual([['b', 1, 6000], ['a', 2, 100]]);
      expect(await ranking('points', 'day')).toEqual([['b', 1, 3000], ['a', 2, 100]]);
    });

    it('level orders as points do and shows the level; entries carry the all-time level and tier', async () => {
      expect(await ranking('level')).toEqual([['a', 1, levelForPoints(9100)], ['b', 2, levelForPoints(6000)], ['c', 3, levelForPoints(5000)], ['d', 4, 0]]);
      const today = await leaderboardPage(stores.reads, scope('points', 'day'), 0, 10);
      expect(today.entries[1]).toMatchObject({ uid: 'a', points: 100, level: levelForPoints(9100), tier: 'bronze' });
    });

    it('games, best guess (closest first; players without a guess not listed), longest country streak', async () => {
      expect(await ranking('games')).toEqual([['a', 1, 2], ['b', 1, 2], ['c', 3, 1], ['d', 4, 0]]);
      expect(await ranking('bestGuess')).toEqual([['c', 1, 10], ['b', 2, 20], ['a', 3, 50]]);
      expect(await ranking('bestGuess', 'day')).toEqual([['b', 1, 300], ['a', 2, 900_000]]);
      expect(await ranking('countryStreak')).toEqual([['a', 1, 7], ['b', 2, 3], ['c', 3, 0], ['d', 3, 0]]);
      expect(await ranking('countryStreak', 'week')).toEqual([['b', 1, 3], ['a', 2, 0]]);
    });

    it('arena Elo and the best daily-challenge streak, all time', async () => {
      expect((await ranking('elo')).slice(0, 2)).toEqual([['a', 1, 1100], ['b', 2, 1000]]);
      expect((await ranking('dailyStreak'))[0]).toEqual(['b', 1, 4]);
    });

    it('a later page (found through the value buckets) lists the rows and ranks the first page had there', async () => {
      for (const sortBy of ['points', 'games', 'bestGuess', 'countryStreak', 'elo', 'dailyStreak'] as const) {
        for (const period of sortBy === 'elo' || sortBy === 'dailyStreak' ? (['all'] as const) : (['all', 'week'] as const)) {
          const whole = (await leaderboardPage(stores.reads, scope(sortBy, period), 0, 10)).entries;
          for (const pageSize of [1, 2, 3]) {
            const paged = [];
            for (let page = 0; page * pageSize < whole.length + pageSize; page++) paged.push(...(await leaderboardPage(stores.reads, scope(sortBy, period), page, pageSize)).entries);
            expect({ sortBy, period, pageSize, entries: paged }).toEqual({ sortBy, period, pageSize, entries: whole });
          }
        }
      }
    });

    it('answers the same pages, ranks and totals without the scopes’ documents (a version 1 generation serving while version 2 is built)', async () => {
      const withoutScopes = Object.assign(Object.create(stores.reads) as typeof stores.reads, {
        get: (collection: string, id: string) => (collection === 'leaderboard_scopes' ? Promise.resolve(null) : stores.reads.get(collection, id)),
      });
      for (const sortBy of ['points', 'games', 'bestGuess', 'countryStreak'] as const) {
        for (const period of ['all', 'week', 'day'] as const) {
          for (const [page, pageSize] of [[0, 10], [1, 1], [2, 1]] as const) {
            const expected = await leaderboardPage(stores.reads, scope(sortBy, period), page, pageSize);
            expect(await leaderboardPage(withoutScopes, scope(sortBy, period), page, pageSize)).toEqual(expected);
          }
          for (const uid of ['a', 'b', 'c']) expect(await myLeaderboardEntry(withoutScopes, scope(sortBy, period), uid)).toEqual(await myLeaderboardEntry(stores.reads, scope(sortBy, period), uid));
        }
      }
      expect(await rankForPoints(withoutScopes, 6000)).toBe(2);
    });

    it('keeps each scope’s totals, so a page never counts its rows', async () => {
      const total = async (sortBy: LeaderboardSort, period: TimePeriod = 'all', filter = 'all') => (await leaderboardPage(stores.reads, scope(sortBy, period, filter), 0, 1)).total;
      expect(await total('points')).toBe(4);
      expect(await total('bestGuess')).toBe(3);
      expect(await total('points', 'month')).toBe(2);
      expect(await total('points', 'week', 'country:FR')).toBe(1);
      expect(await total('points', 'day', 'country:JP')).toBe(0);
    });

    it('a round filter: rounds in France this month', async () => {
      expect(await ranking('points', 'month', 'country:FR')).toEqual([['b', 1, 3000]]);
      expect(await ranking('points', 'all', 'country:FR')).toEqual([['b', 1, 6000]]);
    });

    it('"my rank" on any sort and period; null where the player has nothing', async () => {
      expect((await myLeaderboardEntry(stores.reads, scope('points', 'month'), 'a')).entry).toMatchObject({ rank: 2, value: 100 });
      expect((await myLeaderboardEntry(stores.reads, scope('points', 'month'), 'c')).entry).toBeNull();
      expect((await myLeaderboardEntry(stores.reads, scope('bestGuess'), 'd')).entry).toBeNull();
      expect(await rankForPoints(stores.reads, 6000)).toBe(2);
    });
  });
});
