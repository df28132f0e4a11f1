import { deleteUserResponseSchema } from '@globetrail/contracts';
import { apiGet } from '../../../lib/api/api-client';

/** GET /user/delete (SPEC §7): removes the player's account, points and games. */
export function deleteAccount() {
  return apiGet('/user/delete', deleteUserResponseSchema, { auth: true });
}
