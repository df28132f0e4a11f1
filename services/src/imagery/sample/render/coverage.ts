/**
 * Box-filtered coverage of painted stripes, so road markings far away fade to their average colour instead
 * of breaking into jagged dashes (one ray per pixel would alias them).
 */

import { floor, max, min } from './math.js';

/** Fraction of [x - footprint/2, x + footprint/2] inside the stripe [centre - width/2, centre + width/2]. */
export function stripeCoverage(x: number, footprint: number, centre: number, width: number): number {
  const half = footprint / 2;
  const from = max(x - half, centre - width / 2);
  const to = min(x + half, centre + width / 2);
  if (to <= from) return 0;
  return footprint > 1e-6 ? (to - from) / footprint : 1;
}

/** Length of the "on" parts of a dash pattern (period, on-length, starting at 0) in [0, x]. */
function dashedLength(x: number, period: number, on: number): number {
  const whole = floor(x / period);
  return whole * on + min(x - whole * period, on);
}

/** Fraction of [x - footprint/2, x + footprint/2] covered by dashes. */
export function dashCoverage(x: number, footprint: number, period: number, on: number): number {
  if (footprint < 1e-3) {
    const phase = x - floor(x / period) * period;
    return phase < on ? 1 : 0;
  }
  return (dashedLength(x + footprint / 2, period, on) - dashedLength(x - footprint / 2, period, on)) / footprint;
}
