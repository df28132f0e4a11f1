import { useEffect, useMemo, useState } from 'react';

/** A timed round as the server stated it: all ISO instants of the server's clock. */
export interface RoundTimes {
  timeUp: string | null | undefined;
  deadline: string | null | undefined;
  /** The server's time when it answered. */
  now: string | null | undefined;
}

export type ClockPhase = 'untimed' | 'running' | 'guessWindow' | 'over';

export interface RoundClock {
  phase: ClockPhase;
  /** Until the round's own time is up (the picture hides in Blink); 0 after. */
  remainingMs: number;
  /** Until the server stops taking the guess; 0 after. */
  guessWindowMs: number;
}

const TICK_MS = 100;

/**
 * Counts a round down on the server's clock: the offset between the server's `now` and this browser's
 * clock is taken when the round arrives, so a wrong local clock changes nothing. `paused` (SPEC §4: the
 * menu is open) freezes what is shown, never the server's deadline: on resuming, the count jumps to
 * what is really left.
 */
export function useRoundClock(times: RoundTimes, paused = false): RoundClock {
  const { timeUp, deadline, now } = times;
  const offset = useMemo(() => (now ? Date.parse(now) - Date.now() : 0), [now]);
  const [serverNow, setServerNow] = useState(() => Date.now() + offset);

  useEffect(() => {
    setServerNow(Date.now() + offset);
    if (!timeUp || paused) return;
    const timer = window.setInterval(() => setServerNow(Date.now() + offset), TICK_MS);
    return () => window.clearInterval(timer);
  }, [timeUp, offset, paused]);

  if (!timeUp || !deadline) return { phase: 'untimed', remainingMs: 0, guessWindowMs: 0 };
  const remainingMs = Math.max(0, Date.parse(timeUp) - serverNow);
  const guessWindowMs = Math.max(0, Date.parse(deadline) - serverNow);
  const phase: ClockPhase = remainingMs > 0 ? 'running' : guessWindowMs > 0 ? 'guessWindow' : 'over';
  return { phase, remainingMs, guessWindowMs };
}
