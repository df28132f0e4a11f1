import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** SPEC §2 windows over the game; one is open at a time and a layout action opens or closes it. */
export type WindowState =
  | { kind: 'menu' }
  | { kind: 'account' }
  | { kind: 'signIn'; mode: 'signIn' | 'signUp' }
  | { kind: 'settings' }
  /** SPEC §2 FAQ/help. */
  | { kind: 'faq' }
  /** Play with friends; `map` when it was opened from a map (its "Challenge friends"). */
  | { kind: 'createGame'; map?: { mapId: string; mapName: string } }
  /** SPEC §2 maps selector. */
  | { kind: 'maps'; tab?: MapsTab }
  | { kind: 'publicProfile'; userId: string }
  /** SPEC §2 challenges list: today's dailies, the public challenges, your own. */
  | { kind: 'challenges'; tab?: ChallengesTab }
  /** The create-challenge form; `map` when it was opened from a map's page. */
  | { kind: 'createChallenge'; map?: { mapId: string; mapName: string } }
  /** SPEC §2 rate-challenge window, for a challenge id. */
  | { kind: 'rateChallenge'; challengeId: string };

export const challengesTabs = ['daily', 'public', 'mine'] as const;
export type ChallengesTab = (typeof challengesTabs)[number];

export const mapsTabs = ['world', 'featured', 'community', 'liked', 'mine', 'search'] as const;
export type MapsTab = (typeof mapsTabs)[number];

export const openWindowAtom = atom<WindowState | null>(null);

export function useOpenWindow(): WindowState | null {
  return useAtomValue(openWindowAtom);
}

/** SPEC §2: sign-in inside a frame opens the public site in a new window (identity pages refuse frames). */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export function useWindowActions() {
  const set = useSetAtom(openWindowAtom);
  const open = useCallback(
    (next: WindowState) => {
      if (next.kind === 'signIn' && isFramed()) {
        window.open(`${window.location.origin}/`, '_blank', 'noopener');
        return;
      }
      set(next);
    },
    [set],
  );
  const close = useCallback(() => set(null), [set]);
  return { open, close };
}
