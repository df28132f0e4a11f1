import { eloRankSchema, type EloRank } from '@globetrail/contracts';
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
