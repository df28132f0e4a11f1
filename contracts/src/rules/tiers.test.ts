import { pointsForLevel } from './level.js';
import { TIER_LEVELS, tierForLevel, tierForPoints } from './tiers.js';

describe('ranking tiers', () => {
  it('go Bronze → Silver → Gold → Platinum → Diamond at their levels', () => {
    expect([0, 2, 3, 5, 6, 9, 10, 14, 15, 40].map(tierForLevel)).toEqual(['bronze', 'bronze', 'silver', 'silver', 'gold', 'gold', 'platinum', 'platinum', 'diamond', 'diamond']);
  });

  it('change exactly at the first point of their level', () => {
    for (const [tier, level] of Object.entries(TIER_LEVELS)) {
      if (level === 0) continue;
      expect(tierForPoints(pointsForLevel(level))).toBe(tier);
      expect(tierForPoints(pointsForLevel(level) - 1)).not.toBe(tier);
    }
  });
});
