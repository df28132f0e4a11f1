import { publicProfileViewSchema } from '@globetrail/contracts';
import { apiGet } from '../../../lib/api/api-client';

export function getPublicProfile(userId: string, signal?: AbortSignal) {
  return apiGet(`/user/profile/public/${encodeURIComponent(userId)}`, publicProfileViewSchema, signal ? { signal } : {});
}
