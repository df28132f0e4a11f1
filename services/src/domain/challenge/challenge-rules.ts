import { CHALLENGE_LIMITS, type ChallengeRules, isBlink, scoreForDistance } from '@globetrail/contracts';

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

/**
 * When a round's time is up and when the server stops taking its guess. With a limit (`rl` > 0) the
 * picture shows for `rl` seconds from the round's start; then a blink round gives 25 s to guess on the
 * map, a round with `gat` the 15 s ask-for-guess window, any other a 3 s network grace. No limit: null.
 * A paused client (menu open) never moves these: they are the server's, fixed when the round starts.
 */
export function roundClock(rules: Pick<ChallengeRules, 'rl' | 'gat'>, startedAt: Date): { timeUp: Date; deadline: Date } | null {
  if (rules.rl <= 0) return null;
  const timeUp = startedAt.getTime() + rules.rl * 1000;
  const window = isBlink(rules.rl) ? CHALLENGE_LIMITS.blinkGuessMs : rules.gat ? CHALLENGE_LIMITS.askForGuessMs : CHALLENGE_LIMITS.graceMs;
  return { timeUp: new Date(timeUp), deadline: new Date(timeUp + window) };
}

/** Whether a challenge takes players at this instant (SPEC §3's `sd` and `ed`, Unix seconds). */
export function challengeWindow(rules: Pick<ChallengeRules, 'sd' | 'ed'>, now: Date): 'open' | 'not_started' | 'ended' {
  const seconds = now.getTime() / 1000;
  if (rules.sd !== null && seconds < rules.sd) return 'not_started';
  if (rules.ed !== null && seconds >= rules.ed) return 'ended';
  return 'open';
}
