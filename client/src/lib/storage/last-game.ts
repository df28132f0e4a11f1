import { storageKeys } from './storage-keys';
import { readJson, removeKey, writeJson } from './web-storage';

interface LastGame {
  gameId: string;
  uid: string;
}

/** The game a returning player resumes at `/`; it belongs to one user id only. */
export function readLastGame(uid: string): string | null {
  const stored = readJson(storageKeys.lastGame) as Partial<LastGame> | null;
  return stored && stored.uid === uid && typeof stored.gameId === 'string' ? stored.gameId : null;
}

export function rememberLastGame(gameId: string, uid: string): void {
  writeJson(storageKeys.lastGame, { gameId, uid } satisfies LastGame);
}

export function forgetLastGame(): void {
  removeKey(storageKeys.lastGame);
}
