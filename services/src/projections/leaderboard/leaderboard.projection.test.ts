import { levelForPoints } from '@globetrail/contracts';
import { project } from '../testing/project.js';
import { scoreSubmitted, userCreated, userDeleted, userRegistered } from '../testing/events.js';
import { ProjectionRunner } from '../projection-runner.js';
import { tempStores } from '../testing/stores.js';
import { leaderboardPage, rankForPoints } from './leaderboard.queries.js';
import { leaderboardProjection } from './leaderboard.projection.js';

describe('leaderboard projection', () => {
  it('ranks only signed-up players, keeping points for anonymous ones who later register', async () => {
    const { leaderboard_points } = await project(leaderboardProjection, [
      ['user-a', [userCreated('a', true), userRegistered('a', 'Ada')]],
      ['user-b', [userCreated('b', true)]],
      ['user-c', [userCreated('c'), scoreSubmitted('c', 700)]],
      ['user-d', [userCreated('d'), userDeleted('d')]],
    ]);
    expect(leaderboard_points).toEqual([
      { id: 'a', name: 'Ada', points: 0, ranked: true },
      { id: 'b', name: 'b', points: 0, ranked: false },
      { id: 'c', name: 'c', points: 700, ranked: true },
    ]);
  });

  it('answers ranks and pages with ties sharing a rank across page boundaries', async () => {
    const stores = tempStores();
    const runner = new ProjectionRunner(leaderboardProjection, stores.events, stores.reads);
    await runner.start();
    const points: Record<string, number> = { a: 900, b: 500, c: 500, d: 500, e: 100, f: 0 };
    let last = 0n;
    for (const [id, p] of Object.entries(points)) last = (await stores.append(`user-${id}`, [userCreated(id), ...(p > 0 ? [scoreSubmitted(id, p)] : [])])).position;
    last = (await stores.append('user-z', [userCreated('z', true)])).position;
    await runner.waitFor(last);

    expect(await rankForPoints(stores.reads, 900)).toBe(1);
    expect(await rankForPoints(stores.reads, 500)).toBe(2);
    expect(await rankForPoints(stores.reads, 100)).toBe(5);
    const first = await leaderboardPage(stores.reads, 0, 3);
    const second = await leaderboardPage(stores.reads, 1, 3);
    expect(first.total).toBe(6);
    expect(first.entries.map((e) => [e.uid, e.rank])).toEqual([['a', 1], ['b', 2], ['c', 2]]);
    expect(second.entries.map((e) => [e.uid, e.rank])).toEqual([['d', 2], ['e', 5], ['f', 6]]);
    expect(first.entries[0]).toMatchObject({ name: 'a', points: 900, level: levelForPoints(900) });
    await runner.stop();
    await stores.close();
  });
});
