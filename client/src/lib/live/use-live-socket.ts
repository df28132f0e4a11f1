import { useEffect, useSyncExternalStore } from 'react';
import { importWithRetry } from '../errors/module-import';
import { afterFirstInteraction } from '../loading/after-first-interaction';
import type { LiveSocket } from './live-socket';

/**
 * The Socket.IO client is not part of the first load. The shared connection opens after the player's
 * first interaction, or as soon as a live screen (whose chunk carries the client) asks for it; hooks that
 * only listen (toolbar counters, the live profile) read it from here and subscribe once it exists.
 */
let current: LiveSocket | null = null;
const listeners = new Set<() => void>();

/** Called by live-socket.ts when it creates the page's connection. */
export function announceLiveSocket(socket: LiveSocket): void {
  current = socket;
  for (const listener of listeners) listener();
}

/** Loads the Socket.IO client (retried like any chunk) and opens the shared connection. */
export function openLiveSocket(): Promise<LiveSocket> {
  return importWithRetry(() => import('./live-socket')).then((module) => module.getLiveSocket());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** The shared connection once it exists; null before (nothing to listen to yet). */
export function useLiveSocket(): LiveSocket | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

/** The root layout's: the toolbar's counters and the profile go live once the player has acted. */
export function useLiveSocketAfterFirstInteraction(): void {
  useEffect(
    () =>
      afterFirstInteraction(() => {
        // A chunk that cannot load leaves the counters and profile as their last GET showed them; live
        // screens load the client with their own chunk and show their own error.
        openLiveSocket().catch(() => undefined);
      }),
    [],
  );
}
