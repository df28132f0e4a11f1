import { useEffect, useState } from 'react';

/** SPEC §9: a loading screen stays at least 600 ms once shown, so it never flickers. */
export const LOADING_SCREEN_MS = 600;
/**
 * SPEC §9: "900 ms some transitions". Reading: moving from one round's result to the next round, where the
 * whole screen changes picture and map, holds its loading screen 900 ms so the change reads as one step.
 */
export const ROUND_TRANSITION_MS = 900;

export function useMinimumDuration(active: boolean, minimumMs = LOADING_SCREEN_MS): boolean {
  const [shownSince, setShownSince] = useState<number | null>(active ? Date.now() : null);

  useEffect(() => {
    if (active) {
      if (shownSince === null) setShownSince(Date.now());
      return undefined;
    }
    if (shownSince === null) return undefined;
    const timer = setTimeout(() => setShownSince(null), Math.max(0, minimumMs - (Date.now() - shownSince)));
    return () => clearTimeout(timer);
  }, [active, shownSince, minimumMs]);

  return active || shownSince !== null;
}
