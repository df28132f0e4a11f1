import { lobbyViewSchema, type LobbyView } from '@globetrail/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getLiveSocket } from '../../../lib/live/live-socket';
import { enterLobby, leaveLobby, lobbyQueryKey } from '../api/lobby-api';

/** Leaving is sent a moment later and cancelled by a quick return (React's development double mount). */
const LEAVE_DELAY_MS = 400;
let pendingLeave: ReturnType<typeof setTimeout> | undefined;

/**
 * The open duels, live: EnterLobby answers the list and joins the room; LobbyChanged pushes newer
 * than the list held replace it; every reconnection enters again (and so re-reads the list).
 */
export function useLobby() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: lobbyQueryKey,
    queryFn: async () => {
      const fresh = await enterLobby();
      const held = queryClient.getQueryData<LobbyView>(lobbyQueryKey);
      return held && held.version > fresh.version ? held : fresh;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  useEffect(() => {
    clearTimeout(pendingLeave);
    const socket = getLiveSocket();
    const onPush = (push: LobbyView) => {
      const parsed = lobbyViewSchema.safeParse(push);
      if (!parsed.success) return;
      queryClient.setQueryData<LobbyView>(lobbyQueryKey, (held) => (held && held.version >= parsed.data.version ? held : parsed.data));
    };
    // An EnterLobby still waiting for the connection goes out on it: no second one is needed then.
    const onReconnect = () => void queryClient.refetchQueries({ queryKey: lobbyQueryKey }, { cancelRefetch: false });
    socket.on('LobbyChanged', onPush);
    socket.on('connect', onReconnect);
    return () => {
      socket.off('LobbyChanged', onPush);
      socket.off('connect', onReconnect);
      pendingLeave = setTimeout(() => void leaveLobby().catch(() => undefined), LEAVE_DELAY_MS);
    };
  }, [queryClient]);

  return query;
}
