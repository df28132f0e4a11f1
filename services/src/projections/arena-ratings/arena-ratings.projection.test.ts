import type { DomainEvent } from '@globetrail/contracts';
import { ProjectionRunner } from '../projection-runner.js';
import { userCreated, userRegistered } from '../testing/events.js';
import { project } from '../testing/project.js';
import { tempStores } from '../testing/stores.js';
import { arenaRatingsProjection } from './arena-ratings.projection.js';
import { eloRank } from './arena-ratings.queries.js';

const rated = (userId: string, before: number, after: number, gameId = `m-${userId}-${after}`): DomainEvent => ({
  type: 'EloRatingChanged',
  version: 1,
  data: { userId, gameId, opponentId: 'x', outcome: after >= before ? 'win' : 'loss', before, after, at: '2026-11-21T10:00:00.000Z' },
});

describe('arena ratings projection', () => {
  it('starts everyone at 1000 and counts rated matches; only signed-up players are rated', async () => {
    const { arena_ratings } = await project(arenaRatingsProjection, [
      ['user-a', [userCreated('a'), rated('a', 1000, 1016)]],
      ['user-b', [userCreated('b', true)]],
      ['user-c', [userCreated('c', true), userRegistered('c', 'Cy')]],
    ]);
    expect(arena_ratings).toEqual([
      { id: 'a', name: 'a', elo: 1016, games: 1, rated: true },
      { id: 'b', name: 'b', elo: 1000, games: 0, rated: false },
      { id: 'c', name: 'Cy', elo: 1000, games: 0, rated: true },
    ]);
  });

  it('ranks rated players by Elo with shared ranks for ties', async () => {
    const stores = tempStores();
    const runner = new ProjectionRunner(arenaRatingsProjection, stores.events, stores.reads);
    await runner.start();
    await stores.append('user-a', [userCreated('a'), rated('a', 1000, 1040)]);
    await stores.append('user-b', [userCreated('b'), rated('b', 1000, 990)]);
    await stores.append('user-c', [userCreated('c')]);
    const { position } = await stores.append('user-d', [userCreated('d', true)]);
    await runner.waitFor(position);
    expect(await eloRank(stores.reads, 'a')).toEqual({ uid: 'a', elo: 1040, rank: 1, games: 1 });
    expect(await eloRank(stores.reads, 'c')).toEqual({ uid: 'c', elo: 1000, rank: 2, games: 0 });
    expect(await eloRank(stores.reads, 'b')).toMatchObject({ rank: 3 });
    expect(await eloRank(stores.reads, 'd')).toBeNull();
    await runner.stop();
    await stores.close();
  });
});
