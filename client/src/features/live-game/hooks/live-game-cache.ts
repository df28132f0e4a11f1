import type { GameView } from '@globetrail/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { liveGameQueryKey, type LiveGameState } from '../api/live-game-api';

/**
 * Where a view came from decides whether it may replace the one held:
 * - push: only a newer version for the same viewer role (pushes may arrive late or twice);
 * - fetch (GET after a (re)connection): a newer version, or any version when the role changed;
 * - ack (JoinGame / WatchGame answer): the server's answer to who we are now, kept unless it is older
 *   than a view held for that same role.
 */
export type ViewSource = 'push' | 'fetch' | 'ack';

export function shouldReplace(held: GameView | undefined, next: GameView, source: ViewSource): boolean {
  if (!held) return true;
  const sameRole = held.viewer.role === next.viewer.role;
  switch (source) {
    case 'push':
      return sameRole && next.version > held.version;
    case 'fetch':
      return !sameRole || next.version > held.version;
    case 'ack':
      return !sameRole || next.version >= held.version;
    default: {
      const unreachable: never = source;
      return unreachable;
    }
  }
}

export function applyView(queryClient: QueryClient, gameId: string, view: GameView, source: ViewSource): void {
  queryClient.setQueryData<LiveGameState>(liveGameQueryKey(gameId), (held) => (shouldReplace(held?.view, view, source) ? { view, receivedAt: Date.now() } : held));
}
