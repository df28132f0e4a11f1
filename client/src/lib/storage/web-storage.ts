/**
 * Web Storage can throw (private modes, quotas, disabled cookies). A game that cannot remember a setting
 * still has to run, so every access goes through these guards.
 */
export function readJson(key: string, storage: Storage | undefined = safeLocalStorage()): unknown {
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the value lives for this page only.
  }
}

export function removeKey(key: string, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
