import { BOUNDARIES, bucketAtOffset, bucketOf, move, moved, rowsAbove, upperOf } from './rank-buckets.js';

describe('rank buckets', () => {
  it('are ordered, exact at their boundaries, and bounded by the next boundary', () => {
    expect([...BOUNDARIES].sort((a, b) => a - b)).toEqual(BOUNDARIES);
    expect(BOUNDARIES.length).toBeLessThan(500);
    for (const value of [-2_000_000.5, -1000, -1, -0.25, 0, 0.5, 1, 2, 10, 11, 12, 999_999, 5e9]) {
      const bucket = bucketOf(value);
      expect(BOUNDARIES[bucket - 1] ?? Number.NEGATIVE_INFINITY).toBeLessThanOrEqual(value);
      expect(upperOf(bucket) ?? Number.POSITIVE_INFINITY).toBeGreaterThan(value);
    }
    expect(bucketOf(0)).toBeGreaterThan(bucketOf(-0.001));
    expect(bucketOf(1)).toBeGreaterThan(bucketOf(0.999));
  });

  it('move a row between buckets and sum the rows above', () => {
    let counts = moved({}, null, 5)!;
    counts = moved(counts, null, 500)!;
    counts = moved(counts, null, 5) ?? counts;
    expect(moved(counts, 5, 5.5)).toBeNull();
    expect(rowsAbove(counts, bucketOf(5))).toBe(1);
    counts = moved(counts, 500, null)!;
    expect(rowsAbove(counts, bucketOf(4))).toBe(2);
    expect(rowsAbove(counts, bucketOf(5))).toBe(0);
  });

  it('find the bucket a list offset falls in, highest values first', () => {
    let counts = {};
    for (const value of [900, 900, 50, 50, 50, 3]) counts = moved(counts, null, value)!;
    expect(bucketAtOffset(counts, 0)).toEqual({ bucket: bucketOf(900), above: 0 });
    expect(bucketAtOffset(counts, 1)).toEqual({ bucket: bucketOf(900), above: 0 });
    expect(bucketAtOffset(counts, 2)).toEqual({ bucket: bucketOf(50), above: 2 });
    expect(bucketAtOffset(counts, 4)).toEqual({ bucket: bucketOf(50), above: 2 });
    expect(bucketAtOffset(counts, 5)).toEqual({ bucket: bucketOf(3), above: 5 });
    expect(bucketAtOffset(counts, 6)).toBeNull();
    expect(bucketAtOffset({}, 0)).toBeNull();
  });
});

describe('move', () => {
  it('changes the counts in place exactly as moved computes them, and says whether the bucket changed', () => {
    const counts = { [bucketOf(5)]: 2, [bucketOf(500)]: 1 };
    const expected = moved(counts, 5, 500)!;
    expect(move(counts, 5, 500)).toBe(true);
    expect(counts).toEqual(expected);
    expect(move(counts, 500, 510)).toBe(false);
    expect(counts).toEqual(expected);
    expect(move(counts, 500, null)).toBe(true);
    expect(move(counts, 500, null)).toBe(true);
    expect(counts).toEqual({ [bucketOf(5)]: 1 });
  });
});
