import { RoomPresence } from './room-presence.js';

describe('RoomPresence', () => {
  it('counts each player once, however many tabs they have open', () => {
    const presence = new RoomPresence();
    presence.enter('lobby', 'a', 0);
    presence.enter('lobby', 'a', 0);
    presence.enter('lobby', 'b', 0);
    presence.enter('arena', 'c', 0);
    expect([presence.count('lobby', 0), presence.count('arena', 0)]).toEqual([2, 1]);
  });

  it('keeps counting a player whose connection dropped for 75 s, then forgets them (SPEC §5)', () => {
    const presence = new RoomPresence();
    presence.enter('arena', 'a', 0);
    presence.leave('arena', 'a', 1_000);
    expect(presence.count('arena', 75_999)).toBe(1);
    expect(presence.count('arena', 76_000)).toBe(0);
    expect(presence.prune(76_000)).toBe(true);
    expect(presence.prune(76_000)).toBe(false);
  });

  it('keeps a player present while any of their tabs stays', () => {
    const presence = new RoomPresence();
    presence.enter('lobby', 'a', 0);
    presence.enter('lobby', 'a', 0);
    presence.leave('lobby', 'a', 10);
    expect(presence.count('lobby', 1_000_000)).toBe(1);
  });

  it('stops counting at once a player who left on purpose, unless another of their tabs is still in', () => {
    const presence = new RoomPresence();
    presence.enter('lobby', 'a', 0);
    presence.enter('lobby', 'a', 0);
    presence.leave('lobby', 'a', 10, 'left');
    expect(presence.count('lobby', 20)).toBe(1);
    presence.leave('lobby', 'a', 30, 'left');
    expect(presence.count('lobby', 40)).toBe(0);
  });
});
