import { type LeaderboardEntryDoc, type LeaderboardPage, levelForPoints, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

const collection = readModelCollections.leaderboardPoints;
const ranked = { ranked: true };

/** 1-based rank for a points total among signed-up players; ties share a rank. */
export async function rankForPoints(reads: ReadStore, points: number): Promise<number> {
  return (await reads.countAbove(collection, 'points', points, ranked)) + 1;
}

export async function leaderboardPage(reads: ReadStore, page: number, pageSize: number): Promise<LeaderboardPage> {
  const [total, entries] = await Promise.all([
    reads.count(collection, ranked),
    reads.list<LeaderboardEntryDoc>(collection, { filter: ranked, sort: [['points', 'desc']], skip: page * pageSize, limit: pageSize }),
  ]);
  // Rank the page's first entry with a count, then carry ties down the page.
  const ranks: number[] = [];
  for (const [i, entry] of entries.entries()) {
    const previous = entries[i - 1];
    ranks.push(previous && previous.points === entry.points ? ranks[i - 1]! : i === 0 ? await rankForPoints(reads, entry.points) : page * pageSize + i + 1);
  }
  return {
    sortBy: 'points',
    page,
    pageSize,
    total,
    entries: entries.map((entry, i) => ({ rank: ranks[i]!, uid: entry.id, name: entry.name, points: entry.points, level: levelForPoints(entry.points) })),
  };
}
