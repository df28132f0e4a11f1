import { gameViewSchema, type GameView } from '@globetrail/contracts';
import { apiGet } from '../../../lib/api/api-client';

/** A game view and when it arrived: `serverNow − receivedAt` corrects countdowns on a skewed clock. */
export interface LiveGameState {
  view: GameView;
  receivedAt: number;
}

export const liveGameQueryKey = (gameId: string) => ['live-game', gameId] as const;

/**
 * GET /games/{id}. The idToken goes along, so a player of the game gets their own view; anyone else
 * gets the spectators' view.
 */
export function getLiveGame(gameId: string, signal?: AbortSignal): Promise<GameView> {
  return apiGet(`/games/${encodeURIComponent(gameId)}`, gameViewSchema, { auth: true, ...(signal ? { signal } : {}) });
}
