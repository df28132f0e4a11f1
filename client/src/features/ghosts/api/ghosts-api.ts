import { createGhostDuelResponseSchema, type CreateGhostDuelRequest, ghostSourceViewSchema, type GhostSourceView, playerDuelsSchema, type PlayerDuels } from '@globetrail/contracts';
import { apiGet, apiPost } from '../../../lib/api/api-client';

/** GET /ghosts/{gameId}: a finished duel and its players (404: no such game, 409 not_ghostable: not a finished duel). */
export function getGhostSource(gameId: string, signal?: AbortSignal): Promise<GhostSourceView> {
  return apiGet(`/ghosts/${encodeURIComponent(gameId)}`, ghostSourceViewSchema, signal ? { signal } : {});
}

/** POST /ghosts: a new unranked duel against one player's ghost; a guest's anonymous session can start one. */
export function createGhostDuel(request: CreateGhostDuelRequest): Promise<{ gameId: string }> {
  return apiPost('/ghosts', request, createGhostDuelResponseSchema, { auth: true });
}

/** The page of a finished duel's ghosts, or one player's ghost: the link a player sends to challenge others. */
export const ghostPath = (gameId: string, playerId?: string) => `/ghost/${encodeURIComponent(gameId)}${playerId ? `/${encodeURIComponent(playerId)}` : ''}`;

/** GET /user/duels/{id}: a player's latest finished duels, newest first (the profile's match list). */
export function getPlayerDuels(userId: string, signal?: AbortSignal): Promise<PlayerDuels> {
  return apiGet(`/user/duels/${encodeURIComponent(userId)}`, playerDuelsSchema, signal ? { signal } : {});
}
