import {
  type Challenge,
  type ChallengeComment,
  challengeCommentSchema,
  type ChallengeDetail,
  challengeDetailSchema,
  type ChallengePage,
  challengePageSchema,
  type ChallengeProgress,
  challengeProgressSchema,
  type ChallengeRoundView,
  challengeRoundViewSchema,
  challengeSchema,
  type ChallengeScoreResponse,
  challengeScoreResponseSchema,
  type ChallengeSort,
  type CreateChallengeRequest,
  type DailyChallenges,
  dailyChallengesSchema,
  formatLatLng,
  type LatLng,
} from '@globetrail/contracts';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export const CHALLENGES_PAGE_SIZE = 12;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchDailyChallenges(signedIn: boolean, signal?: AbortSignal): Promise<DailyChallenges> {
  return apiGet('/challenges/daily', dailyChallengesSchema, { auth: signedIn, ...withSignal(signal) });
}

/** SPEC §7 `/challenges/{a}/{b}/{c}`: page, page size, sort; the signed-in variant adds what you played. */
export function fetchChallengePage(page: number, sort: ChallengeSort, signedIn: boolean, signal?: AbortSignal): Promise<ChallengePage> {
  const path = `/challenges/${signedIn ? '' : 'Anon/'}${page}/${CHALLENGES_PAGE_SIZE}/${sort}`;
  return apiGet(path, challengePageSchema, { auth: signedIn, ...withSignal(signal) });
}

export function fetchMyChallenges(page: number, signal?: AbortSignal): Promise<ChallengePage> {
  return apiGet(`/myChallenges?page=${page}&pageSize=${CHALLENGES_PAGE_SIZE}`, challengePageSchema, { auth: true, ...withSignal(signal) });
}

export function fetchChallenge(id: string, signedIn: boolean, signal?: AbortSignal): Promise<ChallengeDetail> {
  const path = signedIn ? `/challenge/${encodeURIComponent(id)}` : `/challenge/Anon/${encodeURIComponent(id)}`;
  return apiGet(path, challengeDetailSchema, { auth: signedIn, ...withSignal(signal) });
}

export function fetchProgress(id: string, signal?: AbortSignal): Promise<ChallengeProgress> {
  return apiGet(`/challenge/progress/${encodeURIComponent(id)}`, challengeProgressSchema, { auth: true, ...withSignal(signal) });
}

export function createChallenge(request: CreateChallengeRequest): Promise<Challenge> {
  return apiPost('/challenges/add', request, challengeSchema, { auth: true });
}

const joinedSchema = z.object({ ch: challengeSchema, chp: challengeProgressSchema });
export function joinChallenge(id: string) {
  return apiPost('/challenges/join', { id }, joinedSchema, { auth: true });
}

export function leaveChallenge() {
  return apiPost('/challenges/leave', undefined, z.object({ left: z.string() }), { auth: true });
}

/** Safe to repeat: the same round number answers the same round. */
export function startChallengeRound(id: string, roundNumber: number): Promise<ChallengeRoundView> {
  return apiPost(`/challenge/${encodeURIComponent(id)}/round`, { roundNumber }, challengeRoundViewSchema, { auth: true });
}

/** The guess (null: the time ran out without one). The server scores it: no score is claimed. */
export function addChallengeScore(id: string, roundNumber: number, guess: LatLng | null): Promise<ChallengeScoreResponse> {
  return apiPost('/challenges/addScore', { id, roundNumber, guessLoc: guess ? formatLatLng(guess) : null }, challengeScoreResponseSchema, { auth: true });
}

export function rateChallenge(challengeId: string, rating: number) {
  return apiPost('/challenges/rate', { challengeId, rating }, z.object({ challengeId: z.string(), rating: z.number() }), { auth: true });
}

export function commentOnChallenge(challengeId: string, roundNumber: number, comment: string): Promise<ChallengeComment> {
  return apiPost('/challenges/addComment', { challengeId, roundNumber, comment }, challengeCommentSchema, { auth: true });
}
