import { damageMultiplier, eloDelta, eloExpected, isBlink, stateNameOf } from './game-rules.js';

describe('live game rules', () => {
  it('multiplies duel damage by 1 for rounds 1–4, then 0.5 more each round', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(damageMultiplier)).toEqual([1, 1, 1, 1, 1.5, 2, 2.5, 4]);
  });

  it('turns blink on only for 0 < rl < 5 seconds', () => {
    expect([-1, 0, 1, 4, 5, 60].map(isBlink)).toEqual([false, false, true, true, false, false]);
  });

  it('rates with Elo, K = 32', () => {
    expect(eloExpected(1000, 1000)).toBe(0.5);
    expect(eloDelta(1000, 1000, 1)).toBe(16);
    expect(eloDelta(1000, 1000, 0.5)).toBe(0);
    expect(eloDelta(1400, 1000, 1)).toBe(3);
    expect(eloDelta(1000, 1400, 1)).toBe(29);
    expect(eloDelta(1000, 1400, 0) + eloDelta(1400, 1000, 1)).toBe(0);
  });

  it('names each status as SPEC §4 does', () => {
    expect(stateNameOf.SIN).toBe('STARTING');
    expect(stateNameOf.R_ED).toBe('ROUND_ENDED');
    expect(stateNameOf.G_ABON).toBe('GAME_ENDED');
  });
});
