import { fixedContext } from '../testing/decider-spec.js';
import { pickFreshLocation } from './pick-location.js';

const locations = ['a', 'b', 'c', 'd', 'e', 'f'].map((imageId) => ({ imageId }));

describe('pickFreshLocation', () => {
  it('never repeats a location while at least 4 fresh ones remain', () => {
    const { random } = fixedContext();
    for (let i = 0; i < 200; i++) {
      const picked = pickFreshLocation(locations, new Set(['a', 'b']), random);
      expect(['c', 'd', 'e', 'f']).toContain(picked?.imageId);
    }
  });

  it('starts over from every location when fewer than 4 fresh ones remain', () => {
    const { random } = fixedContext();
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) seen.add(pickFreshLocation(locations, new Set(['a', 'b', 'c', 'd', 'e']), random)!.imageId);
    expect(seen).toEqual(new Set(['a', 'b', 'c', 'd', 'e', 'f']));
  });

  it('is reproducible with the same seed and null for an empty map', () => {
    const first = pickFreshLocation(locations, new Set(), fixedContext('2026-01-01T00:00:00Z', 7).random);
    const second = pickFreshLocation(locations, new Set(), fixedContext('2026-01-01T00:00:00Z', 7).random);
    expect(first).toEqual(second);
    expect(pickFreshLocation([], new Set(), Math.random)).toBeNull();
  });
});
