import type { Movement } from '@globetrail/contracts';
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { storageKeys } from '../storage/storage-keys';

/** SPEC §3: map type index 0–2, wrapping modulo 3. */
export const MAP_TYPE_COUNT = 3;

function storage<T>() {
  return createJSONStorage<T>(() => localStorage);
}

/** SPEC §3 settings, each in localStorage under its own key (other tabs follow changes). */
export const milesCheckedAtom = atomWithStorage(storageKeys.milesChecked, false, storage<boolean>(), { getOnInit: true });
export const straightLinesAtom = atomWithStorage(storageKeys.straightLines, true, storage<boolean>(), { getOnInit: true });

const storedMapTypeAtom = atomWithStorage(storageKeys.mapType, 0, storage<number>(), { getOnInit: true });

export const mapTypeAtom = atom(
  (get) => normalizeMapType(get(storedMapTypeAtom)),
  (_get, set, next: number) => set(storedMapTypeAtom, normalizeMapType(next)),
);

/** Moves to the next map type: 0 → 1 → 2 → 0. */
export const cycleMapTypeAtom = atom(null, (get, set) => set(mapTypeAtom, get(mapTypeAtom) + 1));

export function normalizeMapType(value: unknown): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
  return ((n % MAP_TYPE_COUNT) + MAP_TYPE_COUNT) % MAP_TYPE_COUNT;
}

/** The round settings a single-player game starts with (SPEC §3's nm/nmpz, rl, gat), chosen in Settings. */
export interface SoloRules {
  movement: Movement;
  rl: number;
  gat: boolean;
}
export const DEFAULT_SOLO_RULES: SoloRules = { movement: 'move', rl: -1, gat: true };
export const soloRulesAtom = atomWithStorage<SoloRules>(storageKeys.soloRules, DEFAULT_SOLO_RULES, storage<SoloRules>(), { getOnInit: true });

/** SPEC §3 first-time flag: true until the welcome dialog is closed through Play or dismissal. */
export const firstTimeAtom = atomWithStorage(storageKeys.firstTime, true, storage<boolean>(), { getOnInit: true });
