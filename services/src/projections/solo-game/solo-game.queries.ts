import { readModelCollections, type SoloGameDoc, type SoloGameView } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

export async function soloGame(reads: ReadStore, gameId: string): Promise<SoloGameView | null> {
  const doc = await reads.get<SoloGameDoc>(readModelCollections.soloGames, gameId);
  if (!doc) return null;
  const { id: _id, ...view } = doc;
  // Documents written before games could be on Google lack the flag: their rounds were all answer-blind.
  return { ...view, answerBlind: view.answerBlind ?? true, rounds: [...view.rounds].sort((a, b) => a.roundIndex - b.roundIndex) };
}
