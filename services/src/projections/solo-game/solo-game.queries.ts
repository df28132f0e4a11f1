import { readModelCollections, type SoloGameDoc, type SoloGameView } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

export async function soloGame(reads: ReadStore, gameId: string): Promise<SoloGameView | null> {
  const doc = await reads.get<SoloGameDoc>(readModelCollections.soloGames, gameId);
  if (!doc) return null;
  const { id: _id, ...view } = doc;
  return { ...view, rounds: [...view.rounds].sort((a, b) => a.roundIndex - b.roundIndex) };
}
