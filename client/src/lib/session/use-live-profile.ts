import { profileChangedSchema, type ClientToServerEvents, type ProfileChanged, type ServerToClientEvents } from '@globetrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getIdToken } from './session-service';
import { profileQueryKey } from './profile-query';
import { useSession } from './use-session';

/**
 * Keeps the player's profile live over Socket.IO (same origin). Pushes carry a version; only a version
 * newer than the one held is applied, and every (re)connection asks for the current document first,
 * because Socket.IO delivers at most once and a reconnect may have missed pushes.
 */
export function useLiveProfile(): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const uid = session?.profileCreated ? session.user.uid : null;

  useEffect(() => {
    if (!uid) return;
    let heldVersion = -1;
    const apply = (push: ProfileChanged) => {
      const parsed = profileChangedSchema.safeParse(push);
      if (!parsed.success || parsed.data.profile.uid !== uid || parsed.data.version <= heldVersion) return;
      heldVersion = parsed.data.version;
      queryClient.setQueryData(profileQueryKey(uid), parsed.data.profile);
    };

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      // A function, so every reconnection presents a fresh idToken.
      auth: (send) => {
        getIdToken().then(
          (token) => send({ token }),
          () => send({}),
        );
      },
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 30_000,
    });
    socket.on('connect', () => {
      socket.emit('WatchProfile', (response) => {
        if (response.ok) apply(response.data);
      });
    });
    socket.on('ProfileChanged', apply);
    return () => {
      socket.disconnect();
    };
  }, [uid, queryClient]);
}
