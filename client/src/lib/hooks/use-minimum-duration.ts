import { useEffect, useState } from 'react';

/** SPEC §9: a loading screen stays at least 600 ms once shown, so it never flickers. */
export const LOADING_SCREEN_MS = 600;

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
