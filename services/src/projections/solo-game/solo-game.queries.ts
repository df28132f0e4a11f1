import { type LatLng, movementFor, readModelCollections, sameLocation, type SoloGameDoc, type SoloGameView } from '@globetrail/contracts';
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

/** How far back a score submission without `gameId` looks for its round: the player's newest games. */
export const SUBMISSION_LOOKBACK_GAMES = 100;

/**
 * The round of one of the player's newest games whose result has this target (SPEC §5: the target names
 * the round), newest first; null when none has.
 */
export async function soloRoundByTarget(reads: ReadStore, playerId: string, target: LatLng): Promise<{ gameId: string; roundIndex: number } | null> {
  const games = await reads.list<SoloGameDoc>(readModelCollections.soloGames, { filter: { playerId }, sort: [['startedAt', 'desc']], limit: SUBMISSION_LOOKBACK_GAMES });
  for (const game of games) {
    const round = game.rounds.find((r) => r.result && sameLocation(r.result.target, target));
    if (round) return { gameId: game.gameId, roundIndex: round.roundIndex };
  }
  return null;
}
