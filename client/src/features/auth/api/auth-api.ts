import {
  authSessionSchema,
  deleteUserResponseSchema,
  identityProjectSchema,
  passwordPolicySchema,
  type AuthSession,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type SignInRequest,
  type SignUpRequest,
} from '@globetrail/contracts';
import { apiGet, apiPost } from '../../../lib/api/api-client';
import { fetchJson } from '../../../lib/api/fetch-json';
import { deviceId } from '../../../lib/session/device-id';
import type { StoredSession } from '../../../lib/session/session-store';

export function signIn(request: SignInRequest): Promise<AuthSession> {
  return apiPost('/auth/signin', withDevice(request), authSessionSchema);
}

/** Sent with the guest's idToken: the server upgrades that same uid, so the player keeps their game. */
export function signUp(request: SignUpRequest): Promise<AuthSession> {
  return apiPost('/auth/signup', withDevice(request), authSessionSchema, { auth: true });
}

/** Mails a reset code if the email has an account (the answer is the same either way). */
export function requestPasswordReset(request: PasswordResetRequest): Promise<void> {
  return apiPost('/auth/password-reset', request, null);
}

export function confirmPasswordReset(request: PasswordResetConfirm): Promise<AuthSession> {
  return apiPost('/auth/password-reset/confirm', withDevice(request), authSessionSchema);
}

/** Names this browser, so its own sign-ins are not slowed by someone else's guesses (docs/security.md). */
function withDevice<T extends object>(request: T): T & { deviceId?: string } {
  const device = deviceId();
  return device === undefined ? request : { ...request, deviceId: device };
}

/** SPEC §7 GET /v1/projects: where signing in is allowed. */
export function getIdentityProject(signal?: AbortSignal) {
  return apiGet('/v1/projects', identityProjectSchema, signal ? { signal } : {});
}

export function getPasswordPolicy(signal?: AbortSignal) {
  return apiGet('/auth/password-policy', passwordPolicySchema, signal ? { signal } : {});
}

/**
 * SPEC §4: a guest account is deleted when the browser changes to another user. Best effort: the new
 * session is already in place, and a guest that lingers harms nobody.
 */
export async function discardGuest(guest: StoredSession): Promise<void> {
  try {
    if (guest.expiresAt > Date.now()) {
      await fetchJson('/user/delete', { method: 'GET', token: guest.idToken, schema: deleteUserResponseSchema });
    }
    await fetchJson('/auth/signout', { method: 'POST', body: { refreshToken: guest.refreshToken }, schema: null });
  } catch {
    // Ignored on purpose (see above).
  }
}
