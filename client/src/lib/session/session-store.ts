import type { AuthSession, SessionUser } from '@globetrail/contracts';
import { storageKeys } from '../storage/storage-keys';
import { readJson, removeKey, writeJson } from '../storage/web-storage';

export interface StoredSession {
  idToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which idToken stops being accepted. */
  expiresAt: number;
  user: SessionUser;
  /** POST /user/create has answered for this uid (it must follow every new session). */
  profileCreated: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredSession | null = readStored();

function readStored(): StoredSession | null {
  const stored = readJson(storageKeys.session) as Partial<StoredSession> | null;
  if (
    !stored ||
    typeof stored.idToken !== 'string' ||
    typeof stored.refreshToken !== 'string' ||
    typeof stored.expiresAt !== 'number' ||
    typeof stored.user?.uid !== 'string'
  ) {
    return null;
  }
  return { ...(stored as StoredSession), profileCreated: stored.profileCreated === true };
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): StoredSession | null {
  return current;
}

/** The session as the last writer in any tab left it (tabs share one refresh token chain). */
export function readSessionFromStorage(): StoredSession | null {
  return readStored();
}

export function sessionFromAuth(auth: AuthSession, now = Date.now()): StoredSession {
  return {
    idToken: auth.idToken,
    refreshToken: auth.refreshToken,
    expiresAt: now + auth.expiresIn * 1000,
    user: auth.user,
    profileCreated: false,
  };
}

export function setSession(session: StoredSession | null): void {
  current = session;
  if (session) writeJson(storageKeys.session, session);
  else removeKey(storageKeys.session);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed in, out or refreshed: follow it, or this tab would replay a rotated refresh token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== storageKeys.session) return;
    current = readStored();
    emit();
  });
}
