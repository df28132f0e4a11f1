import { storageKeys } from './storage-keys';
import { readJson, writeJson } from './web-storage';

/** How many games this browser has started (SPEC §3 "game counter"); the sign-in hint reads it. */
export function readGameCounter(): number {
  const stored = readJson(storageKeys.gameCounter);
  return typeof stored === 'number' && Number.isFinite(stored) && stored >= 0 ? Math.floor(stored) : 0;
}

export function incrementGameCounter(): number {
  const next = readGameCounter() + 1;
  writeJson(storageKeys.gameCounter, next);
  return next;
}
