import { type ArenaRatingDoc, type EloRank, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

const collection = readModelCollections.arenaRatings;

export function arenaRating(reads: ReadStore, uid: string): Promise<ArenaRatingDoc | null> {
  return reads.get<ArenaRatingDoc>(collection, uid);
}

/** A signed-up player's rating and 1-based rank among rated players (ties share a rank); null otherwise. */
export async function eloRank(reads: ReadStore, uid: string): Promise<EloRank | null> {
  const doc = await arenaRating(reads, uid);
  if (!doc || !doc.rated) return null;
  const above = await reads.countAbove(collection, 'elo', doc.elo, { rated: true });
  return { uid, elo: doc.elo, rank: above + 1, games: doc.games };
}
