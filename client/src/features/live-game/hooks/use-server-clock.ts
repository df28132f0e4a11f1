import { useEffect, useState } from 'react';
import type { LiveGameState } from '../api/live-game-api';

/** The server's clock as this client best knows it: local time corrected by the last view's serverNow. */
export function serverOffset(state: LiveGameState | undefined): number {
  return state ? state.view.serverNow - state.receivedAt : 0;
}

/**
 * Server time now, re-rendering every `tickMs` while `active` (countdowns); returns a fixed reading
 * otherwise, so idle screens do not re-render.
 */
export function useServerNow(state: LiveGameState | undefined, active: boolean, tickMs = 200): number {
  const offset = serverOffset(state);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [active, tickMs]);
  return now + offset;
}
