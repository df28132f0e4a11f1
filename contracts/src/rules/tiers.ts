import { levelForPoints } from './level.js';

/** SPEC §1's ranking tiers, lowest first. */
export const tierValues = ['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type Tier = (typeof tierValues)[number];

/**
 * The level each tier starts at (docs/leaderboards.md): Silver at level 3 (about 121,000 points, some 25
 * good rounds), Gold at 6 (about 515,000), Platinum at 10 (about 1.46 million), Diamond at 15 (about 3.3
 * million). Levels grow ever slower (SPEC §9), so each tier asks for more than the one before.
 */
export const TIER_LEVELS: Record<Tier, number> = { bronze: 0, silver: 3, gold: 6, platinum: 10, diamond: 15 };

export function tierForLevel(level: number): Tier {
  let tier: Tier = 'bronze';
  for (const candidate of tierValues) if (level >= TIER_LEVELS[candidate]) tier = candidate;
  return tier;
}

export const tierForPoints = (points: number): Tier => tierForLevel(levelForPoints(points));
