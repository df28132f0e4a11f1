/** Half of the default world size (SPEC §9): the fallback when a map has no usable diagonal. */
export const DEFAULT_MAX_MAP_DISTANCE_METERS = 40075000 / 2;
export const MAX_SCORE = 10000;

/** SPEC §5: the map's longest diagonal falls back to the default when missing or not positive. */
export function effectiveMaxMapDistance(maxMapDistance: number | null | undefined): number {
  return typeof maxMapDistance === 'number' && Number.isFinite(maxMapDistance) && maxMapDistance > 0
    ? maxMapDistance
    : DEFAULT_MAX_MAP_DISTANCE_METERS;
}

/** score = round(10000 · exp(−10 · d / mmd)), never above 10000. */
export function scoreForDistance(distanceMeters: number, maxMapDistance?: number | null): number {
  const mmd = effectiveMaxMapDistance(maxMapDistance);
  const score = Math.round(MAX_SCORE * Math.exp((-10 * Math.max(0, distanceMeters)) / mmd));
  return Math.min(MAX_SCORE, score);
}

/** The inverse of scoreForDistance before rounding: the distance at which a guess earns `score`. */
export function distanceForScore(score: number, maxMapDistance?: number | null): number {
  const mmd = effectiveMaxMapDistance(maxMapDistance);
  if (score >= MAX_SCORE) return 0;
  if (score <= 0) return Number.POSITIVE_INFINITY;
  return (-mmd / 10) * Math.log(score / MAX_SCORE);
}

/**
 * The circle rule of SPEC §5: a guess that carries a radius (r ≥ 0) scores nothing when the target
 * lies outside its circle. A negative radius means "no circle" and leaves the score as it is.
 */
export function applyCircleRule(score: number, distanceMeters: number, radiusMeters: number): number {
  return radiusMeters >= 0 && distanceMeters > radiusMeters ? 0 : score;
}
