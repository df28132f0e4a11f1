import type { ArenaEvent } from '@globetrail/contracts';
import { fixedContext, spec } from '../testing/decider-spec.js';
import { arenaDecider, matchWindow } from './arena.decider.js';

const arena = spec(arenaDecider);
const t0 = Date.parse('2026-11-21T12:00:00.000Z');
const at = (ms: number) => new Date(t0 + ms).toISOString();
const joined = (playerId: string, rating: number, mElo: number | null = null, sinceMs = 0): ArenaEvent => ({
  type: 'ArenaQueueJoined',
  version: 1,
  data: { playerId, name: playerId, rating, mElo, rated: true, at: at(sinceMs) },
});
const tick = (ms: number) => fixedContext(at(ms));
const matched = (events: unknown) => (events as ArenaEvent[]).map((e) => (e.type === 'ArenaMatchMade' ? e.data.playerIds : null));

describe('arena matchmaking', () => {
  it('widens the rating window by 50 every 5 s of waiting, from 100', () => {
    expect([0, 4_999, 5_000, 12_000, 60_000].map(matchWindow)).toEqual([100, 100, 150, 200, 700]);
  });

  it('pairs two close ratings at once', () => {
    expect(matched(arena.given([joined('a', 1000), joined('b', 1080)]).when({ type: 'MakeMatches' }, tick(0)))).toEqual([['a', 'b']]);
  });

  it('waits until the window covers a larger gap', () => {
    const queue = [joined('a', 1000), joined('b', 1180)];
    expect(arena.given(queue).when({ type: 'MakeMatches' }, tick(9_000))).toEqual([]);
    expect(matched(arena.given(queue).when({ type: 'MakeMatches' }, tick(10_000)))).toEqual([['a', 'b']]);
  });

  it("respects each player's minimum opponent rating (mElo), both ways", () => {
    expect(arena.given([joined('a', 1000, 1100), joined('b', 1050)]).when({ type: 'MakeMatches' }, tick(60_000))).toEqual([]);
    expect(arena.given([joined('a', 1000), joined('b', 1050, 1020)]).when({ type: 'MakeMatches' }, tick(60_000))).toEqual([]);
    expect(matched(arena.given([joined('a', 1000, 1000), joined('b', 1050, 1000)]).when({ type: 'MakeMatches' }, tick(0)))).toEqual([['a', 'b']]);
  });

  it('serves the longest-waiting player first, with the closest rating', () => {
    const queue = [joined('old', 1000, null, 0), joined('far', 1090, null, 1_000), joined('near', 1010, null, 2_000), joined('new', 1500, null, 3_000)];
    expect(matched(arena.given(queue).when({ type: 'MakeMatches' }, tick(3_000)))).toEqual([['old', 'near']]);
  });

  it('gives every match a fresh game id and takes both players off the queue', () => {
    const events = arena.given([joined('a', 1000), joined('b', 1000), joined('c', 1000), joined('d', 1000)]).when({ type: 'MakeMatches' }, tick(0)) as ArenaEvent[];
    expect(events).toHaveLength(2);
    expect(new Set(events.map((e) => (e.type === 'ArenaMatchMade' ? e.data.gameId : '')))).toEqual(new Set(['id-1', 'id-2']));
    expect(arena.given([joined('a', 1000), joined('b', 1000), ...events]).state().queue.size).toBe(0);
  });

  it('joins once, refuses a changed minimum while queued, and leaves idempotently', () => {
    const player = { playerId: 'a', name: 'a', rating: 1000, mElo: null, rated: true };
    expect(arena.given([joined('a', 1000)]).when({ type: 'JoinQueue', player })).toEqual([]);
    expect(arena.given([joined('a', 1000)]).when({ type: 'JoinQueue', player: { ...player, mElo: 1200 } })).toMatchObject({ status: 409, code: 'already_in_queue' });
    expect(arena.given([]).when({ type: 'LeaveQueue', playerId: 'a' })).toEqual([]);
    expect(arena.given([joined('a', 1000)]).when({ type: 'LeaveQueue', playerId: 'a' })).toMatchObject([{ type: 'ArenaQueueLeft' }]);
  });
});
