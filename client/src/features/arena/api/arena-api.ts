import { eloRankSchema, type EloRank, matchAuditResponseSchema, type MatchAuditResponse } from '@globetrail/contracts';
import { apiGet } from '../../../lib/api/api-client';
import { sendCommand } from '../../../lib/live/live-socket';

export const eloRankQueryKey = (uid: string) => ['arena', 'elo-rank', uid] as const;

/** GET /arena/getEloRank/{uid}: 404 for anonymous players and players without a rated game. */
export function getEloRank(uid: string, signal?: AbortSignal): Promise<EloRank> {
  return apiGet(`/arena/getEloRank/${encodeURIComponent(uid)}`, eloRankSchema, signal ? { signal } : {});
}

export function enterArena(mElo: number | null) {
  return sendCommand('EnterArena', { mElo });
}

export function leaveArena() {
  return sendCommand('LeaveArena', {});
}

/**
 * GET /arena/{matchId}/audit (docs/audit.md): 404 when there is no such ranked match. Signed in, so that a
 * ghost duel on a challenge's rounds, which only its player may audit, opens for them.
 */
export function getMatchAudit(matchId: string, signal?: AbortSignal): Promise<MatchAuditResponse> {
  return apiGet(`/arena/${encodeURIComponent(matchId)}/audit`, matchAuditResponseSchema, signal ? { signal, auth: true } : { auth: true });
}
