/**
 * SPEC §3 "show rings": the radii it leaves open. Decision: rings at 0.5, 1, 2, 5, 10, 25, 50, 100, 250,
 * 500, 1,000, 2,500 and 5,000 km around the guess, drawn up to the first ring that holds the target, so
 * the result reads "within 25 km" at a glance and the framing of guess and target stays as it was.
 */
export const RING_RADII_METERS = [500, 1_000, 2_000, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000] as const;

export function ringRadii(distanceMeters: number | null): number[] {
  if (distanceMeters === null || !Number.isFinite(distanceMeters)) return [];
  const holding = RING_RADII_METERS.findIndex((radius) => radius >= distanceMeters);
  return RING_RADII_METERS.slice(0, holding === -1 ? RING_RADII_METERS.length : holding + 1);
}
