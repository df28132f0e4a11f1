import { levelForPoints, levelProgress, pointsForLevel } from './level.js';

const formula = (points: number) => Math.floor((Math.sqrt(30000 * (2 * points + 2150)) + 4300) / 30000);

describe('levelForPoints (SPEC §9)', () => {
  it('matches floor((sqrt(30000·(2·points+2150))+4300)/30000)', () => {
    for (const points of [0, 1, 9_933, 9_934, 50_000, 123_456, 1_000_000, 98_765_432]) {
      expect(levelForPoints(points)).toBe(formula(points));
    }
  });

  it('starts new players at level 0 and reaches level 1 at 9934 points', () => {
    expect(levelForPoints(0)).toBe(0);
    expect(levelForPoints(9_933)).toBe(0);
    expect(levelForPoints(9_934)).toBe(1);
  });
});

describe('pointsForLevel (the inverse)', () => {
  it.each([1, 2, 5, 10, 37, 100])('gives the fewest points that reach level %i', (level) => {
    const points = pointsForLevel(level);
    expect(levelForPoints(points)).toBe(level);
    expect(levelForPoints(points - 1)).toBe(level - 1);
  });

  it('is 0 for level 0', () => {
    expect(pointsForLevel(0)).toBe(0);
  });
});

describe('levelProgress', () => {
  it('runs from 0 at a level boundary towards 1 just before the next', () => {
    expect(levelProgress(pointsForLevel(3))).toBe(0);
    expect(levelProgress(pointsForLevel(4) - 1)).toBeGreaterThan(0.99);
  });
});
