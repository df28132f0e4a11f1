import { authSessionSchema, userProfileViewSchema, type AuthSession } from '@globetrail/contracts';
import { ApiRequestError, isApiRequestError } from '../api/api-error';
import { fetchJson } from '../api/fetch-json';
import { getSession, readSessionFromStorage, sessionFromAuth, setSession, subscribeSession, type StoredSession } from './session-store';

/** Refresh this long before the idToken expires, so no request goes out with a dying token. */
const REFRESH_MARGIN_MS = 60_000;

type ExpiredListener = (previous: StoredSession) => void;
const expiredListeners = new Set<ExpiredListener>();

/** Told when a signed-in session could not be renewed and the player fell back to a guest session. */
export function onSessionExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

let ensuring: Promise<StoredSession> | null = null;

/** A usable session, creating an anonymous one (and its profile) when there is none. */
export function ensureSession(): Promise<StoredSession> {
  const session = getSession();
  if (session?.profileCreated) return Promise.resolve(session);
  ensuring ??= (async () => {
    const existing = getSession();
    return existing ? createProfile(existing) : createAnonymousSession();
  })().finally(() => {
    ensuring = null;
  });
  return ensuring;
}

async function createAnonymousSession(): Promise<StoredSession> {
  const auth = await fetchJson('/auth/anonymous', { method: 'POST', schema: authSessionSchema });
  return adoptSession(auth);
}

/** Stores a fresh session from the server and creates its profile (POST /user/create is idempotent). */
export async function adoptSession(auth: AuthSession): Promise<StoredSession> {
  const session = sessionFromAuth(auth);
  setSession(session);
  return createProfile(session);
}

async function createProfile(session: StoredSession): Promise<StoredSession> {
  const fresh = session.expiresAt - Date.now() > REFRESH_MARGIN_MS ? session : await refreshSession(session.idToken);
  try {
    await fetchJson('/user/create', { method: 'POST', token: fresh.idToken, schema: userProfileViewSchema });
  } catch (error) {
    if (!(isApiRequestError(error) && error.status === 401)) throw error;
    const renewed = await refreshSession(fresh.idToken);
    await fetchJson('/user/create', { method: 'POST', token: renewed.idToken, schema: userProfileViewSchema });
  }
  const latest = getSession() ?? fresh;
  const created = { ...latest, profileCreated: latest.user.uid === fresh.user.uid ? true : latest.profileCreated };
  setSession(created);
  return created;
}

/** An idToken that is valid for at least another minute. */
export async function getIdToken(): Promise<string> {
  const session = await ensureSession();
  if (session.expiresAt - Date.now() > REFRESH_MARGIN_MS) return session.idToken;
  return (await refreshSession(session.idToken)).idToken;
}

let refreshing: Promise<StoredSession> | null = null;

/**
 * Renews the idToken that was rejected or is about to expire. Single-flight within the tab, and under a
 * Web Lock across tabs: the refresh token rotates, so two tabs refreshing with the same one would make
 * the loser's session invalid.
 */
export function refreshSession(staleIdToken: string): Promise<StoredSession> {
  refreshing ??= withRefreshLock(() => renew(staleIdToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('globetrail-session-refresh', work);
  }
  return work();
}

async function renew(staleIdToken: string): Promise<StoredSession> {
  const stored = readSessionFromStorage();
  if (stored && stored.idToken !== staleIdToken && stored.expiresAt - Date.now() > REFRESH_MARGIN_MS) {
    // Another tab (or an earlier call) already renewed it.
    setSession(stored);
    return stored;
  }
  const session = stored ?? getSession();
  if (!session) return createAnonymousSession();
  try {
    const auth = await fetchJson('/auth/refresh', { method: 'POST', body: { refreshToken: session.refreshToken }, schema: authSessionSchema });
    const renewed: StoredSession = { ...sessionFromAuth(auth), profileCreated: session.profileCreated && auth.user.uid === session.user.uid };
    setSession(renewed);
    return renewed;
  } catch (error) {
    if (isApiRequestError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
      // The refresh token is revoked or unknown: this session is over. Continue as a guest.
      setSession(null);
      const fresh = await createAnonymousSession();
      if (!session.user.isAnonymous) for (const listener of expiredListeners) listener(session);
      return fresh;
    }
    throw error;
  }
}

/** Ends the current session (best effort revocation) and starts a new anonymous one. */
export async function startNewAnonymousSession(revokeRefreshToken: string | null): Promise<StoredSession> {
  if (revokeRefreshToken) {
    try {
      await fetchJson('/auth/signout', { method: 'POST', body: { refreshToken: revokeRefreshToken }, schema: null });
    } catch (error) {
      // A token the server cannot revoke is dropped here anyway; anything else is worth telling.
      if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) throw error;
    }
  }
  setSession(null);
  return ensureSession();
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the idToken fresh while the page is open, not only when a request happens to need it. */
export function startSessionKeepAlive(): () => void {
  const schedule = () => {
    clearTimeout(refreshTimer);
    const session = getSession();
    if (!session) return;
    const delay = Math.max(5_000, session.expiresAt - Date.now() - REFRESH_MARGIN_MS);
    refreshTimer = setTimeout(() => {
      refreshSession(session.idToken).catch(() => {
        // Offline: the next request retries the refresh and reports the failure.
        refreshTimer = setTimeout(schedule, 30_000);
      });
    }, delay);
  };
  schedule();
  const unsubscribe = subscribeSession(schedule);
  return () => {
    unsubscribe();
    clearTimeout(refreshTimer);
  };
}
