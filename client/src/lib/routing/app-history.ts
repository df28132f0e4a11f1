import { type Location, type To, UNSAFE_createHashHistory as createHashHistory } from 'react-router-dom';

type History = ReturnType<typeof createHashHistory>;
type Listener = Parameters<History['listen']>[0];

/** Says whether a navigation from `currentLocation` to `nextLocation` must wait for the player. */
export type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

/** A navigation held by the blocker: `proceed` lets it through, `reset` drops it. */
export interface BlockedNavigation {
  location: Location;
  proceed(): void;
  reset(): void;
}

/**
 * The app's hash history (#/…). It can hold a navigation while a screen has something to lose (the map
 * editor's unsaved changes), whichever way it comes: a link, `navigate`, or the browser's Back and Forward,
 * which are undone and replayed on `proceed`, as the data router's blockers did.
 */
const base = createHashHistory({ v5Compat: true });
let blocker: BlockerFunction | null = null;
let blocked: BlockedNavigation | null = null;
/** The Back or Forward replayed by a `proceed` goes through unasked. */
let proceeding = false;
/** The Back or Forward that undoes a held one is not a navigation of its own. */
let undoing = false;
const blockedListeners = new Set<() => void>();

function hold(next: BlockedNavigation | null): void {
  blocked = next;
  for (const listener of blockedListeners) listener();
}

function mustHold(nextLocation: Location): boolean {
  if (proceeding) {
    proceeding = false;
    return false;
  }
  return blocker !== null && blocker({ currentLocation: base.location, nextLocation });
}

function locationOf(to: To, state: unknown): Location {
  return { ...base.encodeLocation(to), state: state ?? null, key: 'held' };
}

function heldUntilAsked(to: To, state: unknown, go: () => void): boolean {
  const location = locationOf(to, state);
  if (!mustHold(location)) return false;
  hold({
    location,
    proceed() {
      hold(null);
      go();
    },
    reset: () => hold(null),
  });
  return true;
}

export const appHistory: History = {
  get action() {
    return base.action;
  },
  get location() {
    return base.location;
  },
  createHref: (to) => base.createHref(to),
  createURL: (to) => base.createURL(to),
  encodeLocation: (to) => base.encodeLocation(to),
  go: (delta) => base.go(delta),
  push(to, state) {
    const go = () => base.push(to, state);
    if (!heldUntilAsked(to, state, go)) go();
  },
  replace(to, state) {
    const go = () => base.replace(to, state);
    if (!heldUntilAsked(to, state, go)) go();
  },
  listen(listener: Listener) {
    return base.listen((update) => {
      if (update.action === 'POP') {
        if (undoing) {
          undoing = false;
          return;
        }
        // A change of address made outside the history (a plain #/ link) has no delta and cannot be undone.
        if (update.delta !== null && update.delta !== 0 && mustHold(update.location)) {
          const delta = update.delta;
          undoing = true;
          base.go(-delta);
          hold({
            location: update.location,
            proceed() {
              hold(null);
              proceeding = true;
              base.go(delta);
            },
            reset: () => hold(null),
          });
          return;
        }
      }
      listener(update);
    });
  },
};

/** Installs the page's blocker (one screen at a time holds navigations); returns its removal. */
export function setNavigationBlocker(next: BlockerFunction): () => void {
  blocker = next;
  return () => {
    if (blocker !== next) return;
    blocker = null;
    proceeding = false;
    hold(null);
  };
}

export function subscribeBlockedNavigation(listener: () => void): () => void {
  blockedListeners.add(listener);
  return () => {
    blockedListeners.delete(listener);
  };
}

export function getBlockedNavigation(): BlockedNavigation | null {
  return blocked;
}
