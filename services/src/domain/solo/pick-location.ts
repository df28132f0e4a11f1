/**
 * Picks the next round's location at random among those this game has not shown yet. When a player has
 * seen (almost) every location, the visited list starts over rather than failing: SPEC §5 needs at least
 * 4 fresh locations to draw from.
 */
export const MIN_FRESH_LOCATIONS = 4;

export function pickFreshLocation<T extends { imageId: string }>(locations: readonly T[], visited: ReadonlySet<string>, random: () => number): T | null {
  if (locations.length === 0) return null;
  const fresh = locations.filter((location) => !visited.has(location.imageId));
  const pool = fresh.length >= Math.min(MIN_FRESH_LOCATIONS, locations.length) ? fresh : locations;
  return pool[Math.floor(random() * pool.length)] ?? null;
}
