import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { gamePath } from '../../../lib/live/create-game';
import { getLiveSocket } from '../../../lib/live/live-socket';
import { enterArena, leaveArena } from '../api/arena-api';
import { useNavigate } from '../../../lib/routing/navigation';

export type QueueState = { kind: 'idle' } | { kind: 'queued'; since: number; mElo: number | null } | { kind: 'matched'; gameId: string };

/** Leaving is sent a moment later and cancelled by a quick return (React's development double mount). */
const LEAVE_DELAY_MS = 400;
let pendingLeave: ReturnType<typeof setTimeout> | undefined;

/**
 * The arena queue from this tab: EnterArena queues the player, ArenaMatched takes them straight to the
 * match. A reconnection while queued queues again; leaving the route (or Cancel) leaves the queue.
 */
export function useArenaQueue() {
  const navigate = useNavigate();
  const [state, setState] = useState<QueueState>({ kind: 'idle' });
  const stateRef = useRef(state);
  stateRef.current = state;
  /** In the queue or on the way in: leaving the route must take the player out. */
  const inQueue = useRef(false);

  const enter = useMutation({
    mutationFn: (mElo: number | null) => enterArena(mElo),
    onMutate: () => {
      inQueue.current = true;
    },
    onError: () => {
      inQueue.current = false;
    },
    onSuccess: (_data, mElo) => {
      // A match may already have been pushed before the answer arrived.
      if (stateRef.current.kind !== 'matched') setState({ kind: 'queued', since: Date.now(), mElo });
    },
  });
  const leave = useMutation({
    mutationFn: () => leaveArena(),
    onSuccess: () => {
      inQueue.current = false;
      setState({ kind: 'idle' });
    },
  });

  useEffect(() => {
    clearTimeout(pendingLeave);
    const socket = getLiveSocket();
    const onMatched = ({ gameId }: { gameId: string }) => {
      if (typeof gameId !== 'string' || stateRef.current.kind === 'matched') return;
      inQueue.current = false;
      setState({ kind: 'matched', gameId });
      navigate(gamePath(gameId));
    };
    const onReconnect = () => {
      const current = stateRef.current;
      if (current.kind === 'queued') {
        enterArena(current.mElo).catch(() => {
          inQueue.current = false;
          setState({ kind: 'idle' });
        });
      }
    };
    socket.on('ArenaMatched', onMatched);
    socket.on('connect', onReconnect);
    return () => {
      socket.off('ArenaMatched', onMatched);
      socket.off('connect', onReconnect);
      if (inQueue.current) {
        pendingLeave = setTimeout(() => void leaveArena().catch(() => undefined), LEAVE_DELAY_MS);
      }
    };
  }, [navigate]);

  const cancel = useCallback(() => leave.mutate(), [leave]);
  return { state, enter, leave, cancel };
}
