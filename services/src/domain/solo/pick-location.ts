/** SPEC §5: a map needs this many locations the game has not shown yet, or the round comes from the default map. */
export const MIN_FRESH_LOCATIONS = 4;

/** Below this size the fresh indexes are listed; above it, drawn and redrawn on a repeat (a few tries at most). */
const LISTED_UP_TO = 4096;

/**
 * Up to `count` distinct indexes of a map of `size` locations, at random, none of them `visited`; null
 * when fewer than MIN_FRESH_LOCATIONS are fresh (the caller then plays the default map). A 100,000
 * location map is never listed: indexes are drawn, and only those locations are read.
 */
export function drawFreshIndexes(size: number, visited: ReadonlySet<number>, count: number, random: () => number): number[] | null {
  let seen = 0;
  for (const index of visited) if (index >= 0 && index < size) seen += 1;
  const fresh = size - seen;
  if (fresh < MIN_FRESH_LOCATIONS) return null;
  const wanted = Math.min(count, fresh);
  if (size <= LISTED_UP_TO || fresh < 2 * wanted) {
    const pool: number[] = [];
    for (let index = 0; index < size; index++) if (!visited.has(index)) pool.push(index);
    for (let i = 0; i < wanted; i++) {
      const j = i + Math.floor(random() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, wanted);
  }
  const drawn = new Set<number>();
  while (drawn.size < wanted) {
    const index = Math.floor(random() * size);
    if (!visited.has(index)) drawn.add(index);
  }
  return [...drawn];
}
