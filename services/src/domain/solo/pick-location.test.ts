import { fixedContext } from '../testing/decider-spec.js';
import { drawFreshIndexes, MIN_FRESH_LOCATIONS } from './pick-location.js';

describe('drawFreshIndexes', () => {
  it('draws distinct indexes of the map, never a visited one', () => {
    const { random } = fixedContext();
    for (let i = 0; i < 200; i++) {
      const drawn = drawFreshIndexes(10, new Set([0, 1, 2]), 3, random)!;
      expect(drawn).toHaveLength(3);
      expect(new Set(drawn).size).toBe(3);
      for (const index of drawn) expect(index >= 3 && index < 10).toBe(true);
    }
  });

  it('reaches every fresh location over many draws, on small and large maps alike', () => {
    const { random } = fixedContext();
    const small = new Set<number>();
    for (let i = 0; i < 300; i++) drawFreshIndexes(8, new Set([7]), 1, random)!.forEach((index) => small.add(index));
    expect([...small].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const large = drawFreshIndexes(1_000_000, new Set([5, 6]), 10, random)!;
    expect(new Set(large).size).toBe(10);
    for (const index of large) expect(index >= 0 && index < 1_000_000 && index !== 5 && index !== 6).toBe(true);
  });

  it(`answers null when fewer than ${MIN_FRESH_LOCATIONS} locations are fresh (SPEC §5: the default map plays instead)`, () => {
    const { random } = fixedContext();
    expect(drawFreshIndexes(6, new Set([0, 1]), 3, random)).toHaveLength(3);
    expect(drawFreshIndexes(6, new Set([0, 1, 2]), 3, random)).toBeNull();
    expect(drawFreshIndexes(3, new Set(), 1, random)).toBeNull();
    expect(drawFreshIndexes(0, new Set(), 1, random)).toBeNull();
  });

  it('gives no more than there are fresh, and ignores visited indexes the map no longer has', () => {
    const { random } = fixedContext();
    expect(drawFreshIndexes(5, new Set([99]), 10, random)!.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('is reproducible with the same seed', () => {
    const first = drawFreshIndexes(100_000, new Set(), 10, fixedContext('2026-01-01T00:00:00Z', 7).random);
    const second = drawFreshIndexes(100_000, new Set(), 10, fixedContext('2026-01-01T00:00:00Z', 7).random);
    expect(first).toEqual(second);
  });
});
