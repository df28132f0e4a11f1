import { type ChallengeRules, scoreForDistance } from '@globetrail/contracts';


/**
 * A challenge round's score: SPEC §9's formula, with the challenge's distance parameters
 * (docs/challenges.md): a guess within `dmdp1` metres scores the full 10,000; one farther than `dmdp2`
 * metres (when dmdp2 ≥ 0) scores 0.
 */
export function challengeRoundPoints(distanceMeters: number, maxMapDistance: number, rules: Pick<ChallengeRules, 'dmdp1' | 'dmdp2'>): number {
  if (distanceMeters <= rules.dmdp1) return 10_000;
  if (rules.dmdp2 >= 0 && distanceMeters > rules.dmdp2) return 0;
  return scoreForDistance(distanceMeters, maxMapDistance);
}

/** Whether a challenge takes players at this instant (SPEC §3's `sd` and `ed`, Unix seconds). */
export function challengeWindow(rules: Pick<ChallengeRules, 'sd' | 'ed'>, now: Date): 'open' | 'not_started' | 'ended' {
  const seconds = now.getTime() / 1000;
  if (rules.sd !== null && seconds < rules.sd) return 'not_started';
  if (rules.ed !== null && seconds >= rules.ed) return 'ended';
  return 'open';
}
