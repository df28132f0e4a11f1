import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type StoredSession } from './session-store';

/** The current session (null while the first anonymous session is being created). */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** True for a signed-in player with an account; anonymous guests and a missing session are false. */
export function isSignedIn(session: StoredSession | null): session is StoredSession {
  return session !== null && !session.user.isAnonymous;
}
