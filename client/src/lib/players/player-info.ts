import { type NameAndImage, nameAndImageSchema } from '@globetrail/contracts';
import { apiGet } from '../api/api-client';
import { storageKeys } from '../storage/storage-keys';
import { readJson, safeSessionStorage, writeJson } from '../storage/web-storage';

/** SPEC §4: a missing id is looked up after a random delay of up to 100 ms, so a full room does not ask all at once. */
export const MAX_LOOKUP_DELAY_MS = 100;

/** What a screen already knows of a player: the name and anonymous flag a game's roster carries. */
export interface SeenPlayer {
  name: string;
  isAnon: boolean;
}

type PlayerCache = Record<string, NameAndImage>;

function readCache(): PlayerCache {
  const stored = readJson(storageKeys.players, safeSessionStorage());
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const cache: PlayerCache = {};
  for (const [id, entry] of Object.entries(stored)) {
    const parsed = nameAndImageSchema.safeParse(entry);
    if (parsed.success) cache[id] = parsed.data;
  }
  return cache;
}

function remember(id: string, info: NameAndImage): void {
  writeJson(storageKeys.players, { ...readCache(), [id]: info }, safeSessionStorage());
}

/** An id the server does not know answers SPEC's 'Unknown' with an empty photo: no profile data. */
export const isUnknownPlayer = (info: NameAndImage): boolean => !info.isAnon && info.tier === null;

/**
 * The player info a screen shows, under SPEC §4's rules: cached in session storage for the session; an
 * anonymous player is shown by name only and never looked up; a cached anonymous entry is looked up again
 * once the player is seen signed up; a missing id is looked up after a random delay of up to 100 ms.
 * An unknown id is not cached: a player whose profile is being created is found on the next lookup.
 */
export function cachedPlayerInfo(id: string, seen: SeenPlayer): NameAndImage | null {
  if (seen.isAnon) return anonymousInfo(seen);
  const cached = readCache()[id];
  return cached && !cached.isAnon ? cached : null;
}

export async function lookUpPlayer(id: string, seen: SeenPlayer, signal?: AbortSignal, random: () => number = Math.random): Promise<NameAndImage> {
  const known = cachedPlayerInfo(id, seen);
  if (seen.isAnon) {
    remember(id, known!);
    return known!;
  }
  if (known) return known;
  await pause(random() * MAX_LOOKUP_DELAY_MS, signal);
  const info = await apiGet(`/user/profile/NameAndImage/${encodeURIComponent(id)}`, nameAndImageSchema, signal ? { signal } : {});
  if (!isUnknownPlayer(info)) remember(id, info);
  return info;
}

function anonymousInfo(seen: SeenPlayer): NameAndImage {
  return { name: seen.name, photoUrl: '', isAnon: true, tier: null };
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}
