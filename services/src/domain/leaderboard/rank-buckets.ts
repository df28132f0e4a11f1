/**
 * Ranks without counting everyone above: each leaderboard scope keeps, per sort field, how many rows fall in
 * each of a fixed list of value buckets. A rank is then the rows of the buckets above (a sum over a few hundred
 * numbers) plus the rows above the value within its own bucket (an index range over that bucket only), + 1.
 *
 * The boundaries are whole numbers growing by 10 % (1, 2, 3, …, 11, 13, 15, …, up to 10^10), mirrored below
 * zero for "closest first" (minus the distance): comparisons are exact, so the write side and the query agree
 * on every value's bucket.
 */
const POSITIVE: readonly number[] = (() => {
  const out = [1];
  for (let x = 1; x < 1e10; ) {
    x = Math.max(x + 1, Math.ceil(x * 1.1));
    out.push(x);
  }
  return out;
})();

/** Sorted ascending; bucket b holds the values in [BOUNDARIES[b - 1], BOUNDARIES[b]). */
export const BOUNDARIES: readonly number[] = [...POSITIVE.map((v) => -v).reverse(), 0, ...POSITIVE];

/** The bucket of a value: how many boundaries are at or below it (0 … BOUNDARIES.length). */
export function bucketOf(value: number): number {
  let low = 0;
  let high = BOUNDARIES.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (BOUNDARIES[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first value above a bucket (exclusive upper bound), or null for the last one. */
export const upperOf = (bucket: number): number | null => BOUNDARIES[bucket] ?? null;

/** The sort fields a rank is counted on. */
export const RANK_FIELDS = ['points', 'games', 'closeness', 'countryStreak', 'elo', 'dailyStreak'] as const;
export type RankField = (typeof RANK_FIELDS)[number];

/** Counts per bucket (bucket number → rows), as the read model stores them. */
export type BucketCounts = Record<string, number>;

/** The counts after a row's value moved from `before` to `after` (null: not counted); null when its bucket stays. */
export function moved(counts: BucketCounts, before: number | null, after: number | null): BucketCounts | null {
  const next = { ...counts };
  return move(next, before, after) ? next : null;
}

/**
 * `moved`, changing `counts` itself: true when the row changed bucket. For the leaderboards projection,
 * which owns the documents it reads (projection.ts DocumentReader): copying a scope's few hundred counts at
 * every scored round made half of a rebuild's time.
 */
export function move(counts: BucketCounts, before: number | null, after: number | null): boolean {
  const from = before === null ? null : bucketOf(before);
  const to = after === null ? null : bucketOf(after);
  if (from === to) return false;
  if (from !== null) {
    const left = (counts[from] ?? 0) - 1;
    if (left > 0) counts[from] = left;
    else delete counts[from];
  }
  if (to !== null) counts[to] = (counts[to] ?? 0) + 1;
  return true;
}

/** Rows in the buckets above `bucket`. */
export function rowsAbove(counts: BucketCounts, bucket: number): number {
  let sum = 0;
  for (const [key, count] of Object.entries(counts)) if (Number(key) > bucket) sum += count;
  return sum;
}

/**
 * Where a list offset falls, highest values first: the bucket holding the row at `offset` (0-based) and the
 * rows of the buckets above it. A deep page then starts at its bucket's upper bound and skips only the rows
 * of that bucket before it, instead of every row above. Null when the counted rows end before `offset`.
 */
export function bucketAtOffset(counts: BucketCounts, offset: number): { bucket: number; above: number } | null {
  const buckets = Object.entries(counts)
    .map(([key, count]) => [Number(key), count] as const)
    .sort(([a], [b]) => b - a);
  let above = 0;
  for (const [bucket, count] of buckets) {
    if (above + count > offset) return { bucket, above };
    above += count;
  }
  return null;
}
