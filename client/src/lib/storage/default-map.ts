import { storageKeys } from './storage-keys';
import { readJson, removeKey, writeJson } from './web-storage';

/** SPEC §3: the default map's id and name are kept locally; Play starts a game on it. */
export interface DefaultMap {
  mapId: string;
  mapName: string;
}

export function readDefaultMap(): DefaultMap | null {
  const stored = readJson(storageKeys.defaultMap) as Partial<DefaultMap> | null;
  return stored && typeof stored.mapId === 'string' && typeof stored.mapName === 'string' ? { mapId: stored.mapId, mapName: stored.mapName } : null;
}

export function writeDefaultMap(map: DefaultMap): void {
  writeJson(storageKeys.defaultMap, { mapId: map.mapId, mapName: map.mapName });
}

/** A default map that no longer plays (deleted) is forgotten, and Play falls back to World. */
export function forgetDefaultMap(): void {
  removeKey(storageKeys.defaultMap);
}
