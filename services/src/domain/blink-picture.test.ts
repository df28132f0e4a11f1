import { BLINK_PICTURE_GRACE_MS, blinkPictureState } from './blink-picture.js';

describe('blinkPictureState', () => {
  const hidesAt = 1_000_000;
  it('a challenge round: shown until it hides and the grace is over, hidden after', () => {
    expect(blinkPictureState({ kind: 'one', hidesAt }, hidesAt - 2_000)).toBe('shown');
    expect(blinkPictureState({ kind: 'one', hidesAt }, hidesAt + BLINK_PICTURE_GRACE_MS)).toBe('shown');
    expect(blinkPictureState({ kind: 'one', hidesAt }, hidesAt + BLINK_PICTURE_GRACE_MS + 1)).toBe('hidden');
  });

  it("a live round: not before anyone's Start, shown while any player's window is open, hidden between them", () => {
    const players = (times: number[], ended = false) => ({ kind: 'players' as const, seconds: 2, hidesAt: times, ended });
    expect(blinkPictureState(players([]), hidesAt)).toBe('not_started');
    expect(blinkPictureState(players([hidesAt]), hidesAt - 2_000)).toBe('shown');
    expect(blinkPictureState(players([hidesAt]), hidesAt - 2_001)).toBe('hidden');
    expect(blinkPictureState(players([hidesAt]), hidesAt + BLINK_PICTURE_GRACE_MS + 1)).toBe('hidden');
    expect(blinkPictureState(players([hidesAt, hidesAt + 20_000]), hidesAt + 19_000)).toBe('shown');
    expect(blinkPictureState(players([hidesAt, hidesAt + 20_000]), hidesAt + 10_000)).toBe('hidden');
  });

  it('a live round that has ended is no secret: its picture is served again (spectators, results)', () => {
    expect(blinkPictureState({ kind: 'players', seconds: 2, hidesAt: [], ended: true }, hidesAt)).toBe('shown');
  });
});
