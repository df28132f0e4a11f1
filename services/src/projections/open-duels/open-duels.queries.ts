import { type LobbyView, type OpenDuelDoc, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

/** The lobby list: waiting duels with their host, newest first. */
export async function lobbyView(reads: ReadStore, version: number): Promise<LobbyView> {
  const docs = await reads.list<OpenDuelDoc>(readModelCollections.openDuels, { filter: { players: { $gte: 1 } }, sort: [['createdAt', 'desc']], limit: 200 });
  return { version, duels: docs.map(({ id, host, mElo, rl, createdAt }) => ({ gameId: id, host, mElo, rl, createdAt })) };
}
