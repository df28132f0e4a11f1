import {
  type Challenge,
  type ChallengeCommentDoc,
  type ChallengeDoc,
  type ChallengeListEntry,
  type ChallengePage,
  type ChallengeProgressDoc,
  type ChallengeSort,
  CHALLENGE_LIMITS,
  readModelCollections,
} from '@globetrail/contracts';
import type { Filter, ReadStore, SortDirection } from '../../platform/read-store/read-store.port.js';
import { progressId } from '../challenge-progress/challenge-progress.projection.js';

const challenges = readModelCollections.challenges;
const progress = readModelCollections.challengeProgress;
const comments = readModelCollections.challengeComments;

export const challengeDoc = (reads: ReadStore, id: string) => reads.get<ChallengeDoc>(challenges, id);
export const progressDoc = (reads: ReadStore, challengeId: string, userId: string) => reads.get<ChallengeProgressDoc>(progress, progressId(challengeId, userId));

const SORTS: Record<ChallengeSort, Array<[string, SortDirection]>> = {
  new: [['createdAt', 'desc']],
  players: [['players', 'desc']],
  rating: [['rating', 'desc']],
  ending: [['ends', 'asc']],
};

function publicFields(doc: ChallengeDoc): Omit<Challenge, 'rou'> {
  const { listed: _listed, ends: _ends, ratingSum: _sum, authorChoseRounds: _chose, rating, ratings, ...shown } = doc;
  return { ...shown, ratings, rating: ratings === 0 ? null : rating };
}

/**
 * SPEC §3's challenge as a viewer may see it: `rou` lists the targets of the rounds the viewer has
 * finished, and nothing else (answer-blind: a round's target only after one's own guess in it).
 */
export function challengeView(doc: ChallengeDoc, viewerProgress: ChallengeProgressDoc | null): Challenge {
  return { ...publicFields(doc), rou: viewerProgress?.targets ?? [] };
}

async function entries(reads: ReadStore, docs: ChallengeDoc[], viewer: string | null): Promise<ChallengeListEntry[]> {
  if (viewer === null) return docs.map((doc) => ({ ...publicFields(doc), played: null }));
  const mine = await Promise.all(docs.map((doc) => progressDoc(reads, doc.id, viewer)));
  return docs.map((doc, i) => ({ ...publicFields(doc), played: mine[i] ? mine[i]!.rounds : null }));
}

/** `/challenges/{a}/{b}/{c}`: the public (not private) challenges, a page in one order. */
export async function challengePage(reads: ReadStore, page: number, pageSize: number, sort: ChallengeSort, viewer: string | null): Promise<ChallengePage> {
  const filter = { listed: true };
  const [docs, total] = await Promise.all([
    reads.list<ChallengeDoc>(challenges, { filter, sort: SORTS[sort], skip: page * pageSize, limit: pageSize }),
    reads.count(challenges, filter),
  ]);
  return { challenges: await entries(reads, docs, viewer), page, pageSize, total };
}

/** `/myChallenges`: the challenges the player made, private ones too, newest first. */
export async function myChallenges(reads: ReadStore, userId: string, page: number, pageSize: number): Promise<ChallengePage> {
  const filter = { aid: userId };
  const [docs, total] = await Promise.all([
    reads.list<ChallengeDoc>(challenges, { filter, sort: SORTS.new, skip: page * pageSize, limit: pageSize }),
    reads.count(challenges, filter),
  ]);
  return { challenges: await entries(reads, docs, userId), page, pageSize, total };
}

export async function challengeEntries(reads: ReadStore, ids: readonly string[], viewer: string | null): Promise<ChallengeListEntry[]> {
  const docs = (await Promise.all(ids.map((id) => challengeDoc(reads, id)))).filter((doc): doc is ChallengeDoc => doc !== null);
  return entries(reads, docs, viewer);
}

/** The best totals of a challenge (the author's own, when they chose the rounds, left out). */
export async function challengeResults(reads: ReadStore, doc: ChallengeDoc, limit = 50) {
  const filter: Filter = doc.authorChoseRounds ? { challengeId: doc.id, userId: { $ne: doc.aid } } : { challengeId: doc.id };
  const rows = await reads.list<ChallengeProgressDoc>(progress, { filter, sort: [['totalPoints', 'desc']], limit });
  return rows.filter((row) => row.rounds > 0).map((row) => ({ userId: row.userId, name: row.name, totalPoints: row.totalPoints, rounds: row.rounds, completed: row.completed }));
}

/** A challenge's comments, newest first; only those on rounds the viewer has finished (a comment can give a place away). */
export async function challengeComments(reads: ReadStore, challengeId: string, finishedRounds: number) {
  if (finishedRounds === 0) return [];
  const rows = await reads.list<ChallengeCommentDoc>(comments, { filter: { challengeId, roundIndex: { $lt: finishedRounds } }, sort: [['at', 'desc']], limit: CHALLENGE_LIMITS.commentsShown });
  return rows.map((row) => ({ id: row.id, userId: row.userId, name: row.name, roundNumber: row.roundIndex, comment: row.comment, at: row.at }));
}
