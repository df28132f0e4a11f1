import { applyGameChanged, type GameChanged, gameChangedSchema, type GameView } from '@globetrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getLiveSocket, sendCommand } from '../../../lib/live/live-socket';
import { useOnLiveConnect } from '../../../lib/live/use-live-connection';
import { useSession } from '../../../lib/session/use-session';
import { liveGameQueryKey, type LiveGameState } from '../api/live-game-api';
import { applyView } from './live-game-cache';
import { fetchLiveGameState } from './use-live-game-query';

/**
 * Leaving the route sends LeaveGame a moment later, and coming back to the same game in that moment
 * cancels it: React's development double mount (and a quick back-and-forth) must not remove a player
 * from a game that has not started.
 */
const LEAVE_DELAY_MS = 400;
const pendingLeaves = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleLeave(gameId: string): void {
  clearTimeout(pendingLeaves.get(gameId));
  pendingLeaves.set(
    gameId,
    setTimeout(() => {
      pendingLeaves.delete(gameId);
      // Best effort: a dropped connection marks the player offline on the server anyway.
      sendCommand('LeaveGame', { gameId }).catch(() => undefined);
    }, LEAVE_DELAY_MS),
  );
}

function cancelLeave(gameId: string): void {
  clearTimeout(pendingLeaves.get(gameId));
  pendingLeaves.delete(gameId);
}

export interface Presence {
  /** Entering (JoinGame / WatchGame) is under way. */
  entering: boolean;
  /** Why JoinGame was refused (full, started, elo_too_low…): the player watches instead. */
  refusal: unknown;
  /** Neither joining nor watching worked (the connection, most likely). */
  failure: unknown;
}

/**
 * Puts this tab in the game's room: on every (re)connection it re-reads GET /games/{id}, then joins as
 * a player (a player of the game coming back, or anyone while it is CREATED) or watches as a
 * spectator, and holds the whole view it answers. Then every GameChanged for this game is applied to it.
 */
export function useLivePresence(gameId: string, watchOnly: boolean) {
  const queryClient = useQueryClient();
  const session = useSession();
  const uid = session?.profileCreated ? session.user.uid : null;
  const [presence, setPresence] = useState<Presence>({ entering: true, refusal: null, failure: null });
  const attempt = useRef(0);

  /**
   * Messages for this game: each is applied to the view held, in order. While a join or watch is being
   * answered they wait (they build on the answer); a gap means a message was missed: the whole view is
   * asked for again (SyncGame), once at a time.
   */
  const entering = useRef(true);
  const early = useRef<GameChanged[]>([]);
  const syncing = useRef(false);

  const resync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      applyView(queryClient, gameId, await sendCommand('SyncGame', { gameId }), 'ack');
    } catch {
      // The connection is going: the next (re)connection enters the game again with a whole view.
    } finally {
      syncing.current = false;
    }
  }, [gameId, queryClient]);

  const take = useCallback(
    (message: GameChanged) => {
      const held = queryClient.getQueryData<LiveGameState>(liveGameQueryKey(gameId))?.view;
      if (!held) return void resync();
      const outcome = applyGameChanged(held, message);
      if (outcome.kind === 'gap') void resync();
      else if (outcome.kind === 'applied') applyView(queryClient, gameId, outcome.view, 'push');
    },
    [gameId, queryClient, resync],
  );

  const entered = useCallback(() => {
    entering.current = false;
    for (const message of early.current.splice(0)) take(message);
  }, [take]);

  useEffect(() => {
    const socket = getLiveSocket();
    const onChanged = (push: GameChanged) => {
      if (push.gameId !== gameId) return;
      const parsed = gameChangedSchema.safeParse(push);
      if (!parsed.success) return;
      if (entering.current) early.current.push(parsed.data);
      else take(parsed.data);
    };
    socket.on('GameChanged', onChanged);
    return () => {
      socket.off('GameChanged', onChanged);
    };
  }, [gameId, take]);

  useEffect(() => {
    cancelLeave(gameId);
    return () => scheduleLeave(gameId);
  }, [gameId]);

  const watch = useCallback(
    async (refusal: unknown) => {
      try {
        const view = await sendCommand('WatchGame', { gameId });
        applyView(queryClient, gameId, view, 'ack');
        entered();
        setPresence({ entering: false, refusal, failure: null });
      } catch (error) {
        setPresence({ entering: false, refusal, failure: error });
      }
    },
    [entered, gameId, queryClient],
  );

  const join = useCallback(async () => {
    const view = await sendCommand('JoinGame', { gameId });
    applyView(queryClient, gameId, view, 'ack');
    entered();
    setPresence({ entering: false, refusal: null, failure: null });
  }, [entered, gameId, queryClient]);

  const enter = useCallback(async () => {
    const current = (attempt.current += 1);
    entering.current = true;
    early.current = [];
    setPresence((previous) => ({ ...previous, entering: true }));
    let view: GameView | undefined;
    try {
      const state = await queryClient.fetchQuery({ queryKey: liveGameQueryKey(gameId), queryFn: ({ signal }) => fetchLiveGameState(queryClient, gameId, signal), staleTime: 0 });
      view = state.view;
    } catch {
      view = queryClient.getQueryData<LiveGameState>(liveGameQueryKey(gameId))?.view;
    }
    if (current !== attempt.current) return;
    if (!view) {
      // The query shows why the game could not be read.
      setPresence((previous) => ({ ...previous, entering: false }));
      return;
    }
    const wantsToPlay = !watchOnly && (view.viewer.role === 'player' || view.status === 'C');
    if (wantsToPlay) {
      try {
        await join();
        return;
      } catch (refusal) {
        if (current !== attempt.current) return;
        await watch(refusal);
        return;
      }
    }
    await watch(null);
  }, [gameId, join, queryClient, watch, watchOnly]);

  useOnLiveConnect(uid ? `${gameId}|${uid}|${watchOnly ? 'watch' : 'play'}` : null, () => void enter());

  /** A spectator in CREATED takes a free seat. */
  const takeSeat = useCallback(async () => {
    try {
      await join();
    } catch (refusal) {
      setPresence((previous) => ({ ...previous, refusal }));
      throw refusal;
    }
  }, [join]);

  return { presence, takeSeat };
}
