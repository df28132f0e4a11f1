import type { DomainEvent, GameSettings } from '@globetrail/contracts';
import { project } from '../testing/project.js';
import { openDuelsProjection } from './open-duels.projection.js';

const at = '2026-11-21T10:00:00.000Z';
const settings: GameSettings = { nr: 5, rl: 60, bl: false, gat: false, sga: false, mElo: 1100, s_hp: 6000, tag: null };
const created = (origin: 'lobby' | 'private' = 'lobby', gameT: 'D' | 'A' = 'D'): DomainEvent => ({
  type: 'GameCreated',
  version: 1,
  data: { gameId: 'g1', gameT, origin, settings, map: { id: 'world', name: 'World', maxMapDistance: 20_037_500 }, hostId: 'h', createdAt: at },
});
const joined = (playerId: string, elo = 1200): DomainEvent => ({ type: 'PlayerJoined', version: 1, data: { playerId, name: `name-${playerId}`, isAnonymous: false, team: '0', elo, at } });

describe('open duels projection (the lobby list)', () => {
  it('lists a lobby duel with its host once the host has joined', async () => {
    const { open_duels } = await project(openDuelsProjection, [['game-g1', [created(), joined('h')]]]);
    expect(open_duels).toEqual([{ id: 'g1', host: { id: 'h', name: 'name-h', elo: 1200 }, mElo: 1100, rl: 60, players: 1, createdAt: at }]);
  });

  it('drops the duel when the opponent joins, when it launches or is abandoned', async () => {
    expect((await project(openDuelsProjection, [['game-g1', [created(), joined('h'), joined('o')]]])).open_duels).toEqual([]);
    expect((await project(openDuelsProjection, [['game-g1', [created(), joined('h'), { type: 'GameAbandoned', version: 1, data: { reason: 'everyone_left', at } }]]])).open_duels).toEqual([]);
  });

  it('ignores private games and other modes', async () => {
    expect((await project(openDuelsProjection, [['game-g1', [created('private'), joined('h')]]])).open_duels).toEqual([]);
    expect((await project(openDuelsProjection, [['game-g1', [created('lobby', 'A'), joined('h')]]])).open_duels).toEqual([]);
  });
});
