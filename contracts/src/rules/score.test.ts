import { applyCircleRule, DEFAULT_MAX_MAP_DISTANCE_METERS, distanceForScore, effectiveMaxMapDistance, MAX_SCORE, scoreForDistance } from './score.js';

describe('scoreForDistance (SPEC §9)', () => {
  it('gives the maximum of 10000 for a perfect guess', () => {
    expect(scoreForDistance(0, 1_000_000)).toBe(MAX_SCORE);
  });

  it('follows round(10000 · exp(−10 · d / mmd))', () => {
    expect(scoreForDistance(100_000, 1_000_000)).toBe(Math.round(10000 * Math.exp(-1)));
    expect(scoreForDistance(1_000_000, 20_037_500)).toBe(Math.round(10000 * Math.exp(-10 / 20.0375)));
  });

  it('falls back to 40075000/2 when the map distance is missing or not positive', () => {
    expect(DEFAULT_MAX_MAP_DISTANCE_METERS).toBe(20_037_500);
    for (const mmd of [undefined, null, 0, -5, Number.NaN]) {
      expect(scoreForDistance(500_000, mmd)).toBe(scoreForDistance(500_000, 20_037_500));
      expect(effectiveMaxMapDistance(mmd)).toBe(20_037_500);
    }
  });

  it('never exceeds the maximum, even for a negative distance', () => {
    expect(scoreForDistance(-10, 1000)).toBe(MAX_SCORE);
  });

  it('decreases as the guess gets further away', () => {
    expect(scoreForDistance(10_000)).toBeGreaterThan(scoreForDistance(20_000));
  });
});

describe('distanceForScore (the inverse)', () => {
  it.each([1, 50, 3679, 9000, 9999])('recovers a distance that scores %i', (score) => {
    const mmd = 5_000_000;
    expect(scoreForDistance(distanceForScore(score, mmd), mmd)).toBe(score);
  });

  it('is 0 for the maximum and unbounded for 0', () => {
    expect(distanceForScore(MAX_SCORE)).toBe(0);
    expect(distanceForScore(0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('applyCircleRule (SPEC §5)', () => {
  it('scores 0 when the target lies outside the guess radius', () => {
    expect(applyCircleRule(8000, 1500, 1000)).toBe(0);
  });

  it('keeps the score inside or on the circle', () => {
    expect(applyCircleRule(8000, 1000, 1000)).toBe(8000);
    expect(applyCircleRule(8000, 10, 1000)).toBe(8000);
  });

  it('treats a zero radius as a circle and a negative radius as none', () => {
    expect(applyCircleRule(8000, 1, 0)).toBe(0);
    expect(applyCircleRule(8000, 1_000_000, -1)).toBe(8000);
  });
});
