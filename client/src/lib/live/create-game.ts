import { createGameResponseSchema, type CreateGameRequest } from '@globetrail/contracts';
import { apiPost } from '../api/api-client';

/** POST /games: a private game or a lobby duel; the creator becomes its host and first player. */
export function createGame(request: CreateGameRequest): Promise<{ gameId: string }> {
  return apiPost('/games', request, createGameResponseSchema, { auth: true });
}

/** The game route of a live game, lobby or arena. */
export const gamePath = (gameId: string) => `/game/${encodeURIComponent(gameId)}`;
