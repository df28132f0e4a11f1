/**
 * The time games are decided and scheduled in. In production it is the wall clock; tests and demos may
 * run it faster (CLOCK_SPEED) so a whole duel plays in seconds with every timer still real.
 */
export interface Clock {
  now(): number;
  /** Real milliseconds until this clock shows `at`. */
  realDelayUntil(at: number): number;
}

export function scaledClock(speed = 1, origin = Date.now()): Clock {
  if (!(speed > 0)) throw new Error(`clock speed must be positive, got ${speed}`);
  return {
    now: () => (speed === 1 ? Date.now() : Math.round(origin + (Date.now() - origin) * speed)),
    realDelayUntil: (at) => Math.max(0, (at - (speed === 1 ? Date.now() : origin + (Date.now() - origin) * speed)) / speed),
  };
}

export const wallClock: Clock = scaledClock(1);
