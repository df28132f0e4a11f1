import { type DuelHistoryDoc, type PlayerDuel, readModelCollections, type UserProfileDoc } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

const GHOST = 'ghost:';
/** The player behind an opponent: a ghost's recorded player. */
const personOf = (opponentId: string) => (opponentId.startsWith(GHOST) ? opponentId.slice(GHOST.length) : opponentId);

/**
 * A player's latest finished duels, newest first. An opponent whose account is gone (or a ghost of one)
 * shows no name: the list never keeps a deleted player's name.
 */
export async function playerDuels(reads: ReadStore, playerId: string, limit = 10): Promise<PlayerDuel[]> {
  const rows = await reads.list<DuelHistoryDoc>(readModelCollections.duelHistory, { filter: { playerId }, sort: [['endedAt', 'desc']], limit });
  const people = [...new Set(rows.flatMap((row) => (row.opponentId ? [personOf(row.opponentId)] : [])))];
  const profiles = await Promise.all(people.map(async (id) => [id, await reads.get<UserProfileDoc>(readModelCollections.userProfiles, id)] as const));
  const missing = new Set(profiles.filter(([, profile]) => profile === null).map(([id]) => id));
  // A signed-up opponent without a profile deleted their account; an anonymous one may never have had one.
  const goneIds = rows.flatMap((row) => (row.opponentId && missing.has(personOf(row.opponentId)) && (!row.opponentAnonymous || row.opponentId.startsWith(GHOST)) ? [row.opponentId] : []));
  const gone = new Set(goneIds);
  return rows.map((row) => ({
    gameId: row.gameId,
    endedAt: row.endedAt,
    gameT: row.gameT,
    origin: row.origin,
    mapName: row.mapName,
    opponent: {
      id: row.opponentId !== null && gone.has(row.opponentId) ? null : row.opponentId,
      name: row.opponentId !== null && gone.has(row.opponentId) ? null : row.opponentName,
      ghost: row.opponentId?.startsWith('ghost:') ?? false,
    },
    outcome: row.outcome,
    hp: row.hp,
    opponentHp: row.opponentHp,
    rounds: row.rounds,
  }));
}
