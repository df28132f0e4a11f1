import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { getLiveSocket } from './live-socket';

/** Whether the shared live connection is up (false while it reconnects). */
export function useLiveConnected(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const socket = getLiveSocket();
    socket.on('connect', onChange);
    socket.on('disconnect', onChange);
    return () => {
      socket.off('connect', onChange);
      socket.off('disconnect', onChange);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => getLiveSocket().connected, () => false);
}

/**
 * Runs `onConnect` now if the connection is up, and again after every reconnection: Socket.IO delivers
 * at most once, so each (re)connection re-reads the current document and re-joins its room.
 * `key` restarts the subscription (a new game id, a new user).
 */
export function useOnLiveConnect(key: string | null, onConnect: () => void): void {
  const onConnectRef = useRef(onConnect);
  onConnectRef.current = onConnect;
  useEffect(() => {
    if (key === null) return;
    const socket = getLiveSocket();
    const run = () => onConnectRef.current();
    socket.on('connect', run);
    if (socket.connected) run();
    return () => {
      socket.off('connect', run);
    };
  }, [key]);
}
