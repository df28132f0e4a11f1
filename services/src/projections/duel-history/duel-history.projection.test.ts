import type { DomainEvent } from '@globetrail/contracts';
import { ada, arena, bob, GAME_ID, launched, places } from '../../domain/game/game.fixtures.js';
import { project } from '../testing/project.js';
import { duelHistoryProjection } from './duel-history.projection.js';

const userDeleted = (userId: string): DomainEvent => ({ type: 'UserDeleted', version: 1, data: { userId, deletedAt: '2026-11-22T00:00:00.000Z' } });

describe('duel-history: each player’s finished one-against-one duels', () => {
  it('gives each player of an ended duel an entry with the other as opponent, and none to other modes', async () => {
    // Ada on the target, Bob in Tokyo: 100 hit points end it in round 1.
    const duel = arena(ada, bob, { s_hp: 100 }).startRound().guess('ada', places.paris).guess('bob', places.tokyo);
    const classic = launched('A', [ada, bob], { nr: 1 }).startRound().guess('ada', places.paris).guess('bob', places.paris);
    const docs = await project(duelHistoryProjection, [
      [`game-${GAME_ID}`, duel.events],
      ['game-classic', classic.events],
    ]);
    const ended = duel.events.find((event) => event.type === 'GameEnded')!.data as { endedAt: string };
    expect(docs.duel_history).toEqual([
      expect.objectContaining({ id: `ada|${ended.endedAt}|${GAME_ID}`, playerId: 'ada', gameId: GAME_ID, gameT: 'L', origin: 'arena', mapName: 'World', opponentId: 'bob', opponentName: 'Bob', opponentAnonymous: false, outcome: 'won', hp: 100, opponentHp: 0, rounds: 1 }),
      expect.objectContaining({ id: `bob|${ended.endedAt}|${GAME_ID}`, playerId: 'bob', opponentId: 'ada', opponentName: 'Ada', outcome: 'lost', hp: 0, opponentHp: 100 }),
    ]);
    expect(docs.duel_games!.map((doc) => doc.id)).toEqual([GAME_ID]);
  });

  it('forgets a deleted player’s own entries, and no one else’s', async () => {
    const duel = arena(ada, bob, { s_hp: 100 }).startRound().guess('ada', places.paris).guess('bob', places.tokyo);
    const docs = await project(duelHistoryProjection, [
      [`game-${GAME_ID}`, duel.events],
      ['user-bob', [userDeleted('bob')]],
    ]);
    expect(docs.duel_history!.map((doc) => doc.id)).toEqual([expect.stringMatching(/^ada\|/)]);
  });
});
