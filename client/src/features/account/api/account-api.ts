import { authSessionSchema, type ChangePasswordRequest, deleteUserResponseSchema } from '@globetrail/contracts';
import { apiGet, apiPost } from '../../../lib/api/api-client';

/** GET /user/delete (SPEC §7): removes the player's account, points and games. */
export function deleteAccount() {
  return apiGet('/user/delete', deleteUserResponseSchema, { auth: true });
}

/** The signed-in player's new password; the answer is a renewed session (every other one ends). */
export function changePassword(request: ChangePasswordRequest) {
  return apiPost('/auth/password', request, authSessionSchema, { auth: true });
}

/** The signed-in player's new display name (identity service); POST /user/create then carries it into the game. */
export function changeName(name: string) {
  return apiPost('/auth/profile', { name }, authSessionSchema, { auth: true });
}
