import { profileChangedSchema, type ProfileChanged } from '@globetrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useOnLiveConnect } from '../live/use-live-connection';
import { useLiveSocket } from '../live/use-live-socket';
import { userStatsQueryKey } from '../api/user-stats';
import { profileQueryKey } from './profile-query';
import { useSession } from './use-session';

/**
 * Keeps the player's profile live over the shared Socket.IO connection. Pushes carry a version; only a
 * version newer than the one held is applied, and every (re)connection asks for the current document
 * first, because Socket.IO delivers at most once and a reconnect may have missed pushes.
 */
export function useLiveProfile(): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const socket = useLiveSocket();
  const uid = session?.profileCreated ? session.user.uid : null;
  const heldVersion = useRef(-1);

  const apply = (push: ProfileChanged) => {
    const parsed = profileChangedSchema.safeParse(push);
    if (!uid || !parsed.success || parsed.data.profile.uid !== uid || parsed.data.version <= heldVersion.current) return;
    heldVersion.current = parsed.data.version;
    queryClient.setQueryData(profileQueryKey(uid), parsed.data.profile);
    // The stats and their chart are the same games seen another way: shown ones refetch, hidden ones go stale.
    void queryClient.invalidateQueries({ queryKey: userStatsQueryKey(uid) });
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;

  useEffect(() => {
    heldVersion.current = -1;
    if (!uid || !socket) return;
    const onPush = (push: ProfileChanged) => applyRef.current(push);
    socket.on('ProfileChanged', onPush);
    return () => {
      socket.off('ProfileChanged', onPush);
    };
  }, [uid, socket]);

  useOnLiveConnect(uid, (socket) => {
    socket.emit('WatchProfile', (response) => {
      if (response.ok) applyRef.current(response.data);
    });
  });
}
