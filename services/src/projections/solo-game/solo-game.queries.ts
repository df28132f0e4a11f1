import { movementFor, readModelCollections, type SoloGameDoc, type SoloGameView } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

export async function soloGame(reads: ReadStore, gameId: string): Promise<SoloGameView | null> {
  const doc = await reads.get<SoloGameDoc>(readModelCollections.soloGames, gameId);
  if (!doc) return null;
  const { id: _id, ...view } = doc;
  // Documents written before games could be on Google lack the flag: their rounds were all answer-blind.
  // Those written before movement lack `movement`: solo rounds have always allowed it.
  const rounds = view.rounds.map((round) => ({ ...round, movement: round.movement ?? movementFor() }));
  return { ...view, answerBlind: view.answerBlind ?? true, rounds: rounds.sort((a, b) => a.roundIndex - b.roundIndex) };
}
