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
