/** SPEC §9: level = floor((sqrt(30000·(2·points + 2150)) + 4300) / 30000). */
export function levelForPoints(points: number): number {
  const safePoints = Math.max(0, points);
  return Math.floor((Math.sqrt(30000 * (2 * safePoints + 2150)) + 4300) / 30000);
}

/** The inverse: the fewest points that reach `level`. */
export function pointsForLevel(level: number): number {
  if (level <= levelForPoints(0)) return 0;
  const exact = ((30000 * level - 4300) ** 2 / 30000 - 2150) / 2;
  let points = Math.max(0, Math.ceil(exact));
  // Floating point can land one point either side of the boundary; settle on the exact integer.
  while (points > 0 && levelForPoints(points - 1) >= level) points -= 1;
  while (levelForPoints(points) < level) points += 1;
  return points;
}

/** Progress within the current level, 0 to 1, for a level bar. */
export function levelProgress(points: number): number {
  const level = levelForPoints(points);
  const start = pointsForLevel(level);
  const end = pointsForLevel(level + 1);
  return end > start ? (Math.max(0, points) - start) / (end - start) : 0;
}
