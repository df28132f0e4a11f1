import {
  placeGuessResponseSchema,
  soloGameViewSchema,
  soloRoundViewSchema,
  startSoloGameResponseSchema,
  type LatLng,
  type PlaceGuessResponse,
  type SoloGameView,
  type SoloRoundView,
  type StartSoloGameRequest,
  type StartSoloGameResponse,
} from '@globetrail/contracts';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export const soloGameQueryKey = (gameId: string) => ['solo', gameId] as const;

/** Without a mapId the server's default map is played. */
export function startSoloGame(request: StartSoloGameRequest = {}): Promise<StartSoloGameResponse> {
  return apiPost('/solo', request, startSoloGameResponseSchema, { auth: true });
}

export function getSoloGame(gameId: string, signal?: AbortSignal): Promise<SoloGameView> {
  return apiGet(`/solo/${encodeURIComponent(gameId)}`, soloGameViewSchema, { auth: true, ...(signal ? { signal } : {}) });
}

/** Safe to repeat: the same roundIndex answers the same round. */
export function startNextRound(gameId: string, roundIndex: number): Promise<SoloRoundView> {
  return apiPost(`/solo/${encodeURIComponent(gameId)}/rounds`, { roundIndex }, soloRoundViewSchema, { auth: true });
}

/** `guess` null ends a round whose time ran out without one. */
export function placeGuess(gameId: string, roundIndex: number, guess: LatLng | null): Promise<PlaceGuessResponse> {
  return apiPost(`/solo/${encodeURIComponent(gameId)}/guess`, { roundIndex, guess }, placeGuessResponseSchema, { auth: true });
}
