import { userProfileViewSchema, type UserProfileView } from '@globetrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/api-client';
import { useSession } from './use-session';

export const profileQueryKey = (uid: string) => ['profile', uid] as const;

export function fetchProfile(signal?: AbortSignal): Promise<UserProfileView> {
  return apiGet('/user/profile', userProfileViewSchema, { auth: true, ...(signal ? { signal } : {}) });
}

/** The signed-in (or guest) player's own profile, keyed by uid so a new session never sees the old one. */
export function useProfile() {
  const session = useSession();
  const uid = session?.profileCreated ? session.user.uid : null;
  return useQuery({
    queryKey: profileQueryKey(uid ?? 'none'),
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: uid !== null,
  });
}
