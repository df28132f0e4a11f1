import { CHALLENGE_LIMITS, isBlink } from '@globetrail/contracts';

/**
 * When a round's time is up and when the server stops taking its guess. With a limit (`rl` > 0) the
 * picture shows for `rl` seconds from the round's start; then a blink round gives 25 s to guess on the
 * map, a round with `gat` the 15 s ask-for-guess window, any other a 3 s network grace. No limit: null.
 * A paused client (menu open) never moves these: they are the server's, fixed when the round starts.
 */
export function roundClock(rules: { rl: number; gat: boolean }, startedAt: Date): { timeUp: Date; deadline: Date } | null {
  if (rules.rl <= 0) return null;
  const timeUp = startedAt.getTime() + rules.rl * 1000;
  const window = isBlink(rules.rl) ? CHALLENGE_LIMITS.blinkGuessMs : rules.gat ? CHALLENGE_LIMITS.askForGuessMs : CHALLENGE_LIMITS.graceMs;
  return { timeUp: new Date(timeUp), deadline: new Date(timeUp + window) };
}
