import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** SPEC §9 breakpoints (px). */
export const breakpoints = { sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/** Wide enough for labelled toolbar buttons (SPEC §2: "Menu" on wide screens, an icon on narrow). */
export const WIDE_QUERY = `(min-width: ${breakpoints.sm}px)`;

/** Phones and touch tablets: the guess map becomes a sheet the player toggles instead of a hover panel. */
export const COMPACT_MAP_QUERY = `(max-width: ${breakpoints.sm - 0.02}px), (hover: none)`;
