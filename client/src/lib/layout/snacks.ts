import { atom, getDefaultStore, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export interface SnackAction {
  label: string;
  onClick: () => void;
}

export interface Snack {
  id: string;
  message: string;
  /** Auto-hide after this many milliseconds (SPEC §2 gives 5, 9 and 15 s for its snacks). */
  durationMs: number;
  action?: SnackAction;
}

export const snacksAtom = atom<Snack[]>([]);

let nextId = 0;

/** Shows a snack from anywhere, including code outside React (session expiry, for one). */
export function showSnack(snack: Omit<Snack, 'id'> & { id?: string }): string {
  const id = snack.id ?? `snack-${(nextId += 1)}`;
  const store = getDefaultStore();
  store.set(snacksAtom, (current) => [...current.filter((item) => item.id !== id), { ...snack, id }]);
  return id;
}

export function dismissSnack(id: string): void {
  getDefaultStore().set(snacksAtom, (current) => current.filter((item) => item.id !== id));
}

export function useSnacks(): Snack[] {
  return useAtomValue(snacksAtom);
}

export function useSnackActions() {
  const set = useSetAtom(snacksAtom);
  const dismiss = useCallback((id: string) => set((current) => current.filter((item) => item.id !== id)), [set]);
  return { show: showSnack, dismiss };
}

/**
 * A snack to show once the next round's picture is on screen (`roundShown`), within `withinMs`: SPEC §2's
 * "after play: 'use street view' hint, 9 s" counts from when there is a street view to use. Shown at Play,
 * a newcomer on a slow first load saw its 9 s pass behind the loading screen.
 */
let onRoundShown: { snack: Omit<Snack, 'id'> & { id?: string }; until: number } | null = null;

export function showSnackWhenRoundShows(snack: Omit<Snack, 'id'> & { id?: string }, withinMs = 60_000): void {
  onRoundShown = { snack, until: Date.now() + withinMs };
}

/** A round's picture is on screen: the snack waiting for it (if not too late) shows now. */
export function roundShown(): void {
  const waiting = onRoundShown;
  onRoundShown = null;
  if (waiting && Date.now() <= waiting.until) showSnack(waiting.snack);
}
