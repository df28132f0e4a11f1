import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveSocket } from './live-socket';
import { useLiveSocket } from './use-live-socket';

/** Whether the shared live connection is up (false while it reconnects, or before it is opened). */
export function useLiveConnected(): boolean {
  const socket = useLiveSocket();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!socket) return () => undefined;
      socket.on('connect', onChange);
      socket.on('disconnect', onChange);
      return () => {
        socket.off('connect', onChange);
        socket.off('disconnect', onChange);
      };
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => socket?.connected ?? false, () => false);
}

/**
 * Runs `onConnect` now if the connection is up, and again after every reconnection: Socket.IO delivers
 * at most once, so each (re)connection re-reads the current document and re-joins its room.
 * `key` restarts the subscription (a new game id, a new user). Nothing runs before the connection exists.
 */
export function useOnLiveConnect(key: string | null, onConnect: (socket: LiveSocket) => void): void {
  const socket = useLiveSocket();
  const onConnectRef = useRef(onConnect);
  onConnectRef.current = onConnect;
  useEffect(() => {
    if (key === null || !socket) return;
    const run = () => onConnectRef.current(socket);
    socket.on('connect', run);
    if (socket.connected) run();
    return () => {
      socket.off('connect', run);
    };
  }, [key, socket]);
}
