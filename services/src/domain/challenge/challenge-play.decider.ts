import type { ChallengeCreated, ChallengePlayEvent, LatLng, PanoramaRef } from '@globetrail/contracts';
import { greatCircleDistance, isBlink, movementFor, sameLocation } from '@globetrail/contracts';
import { countryAt } from '../country.js';
import { assertNever, type Decider, type Decision, reject } from '../decider.js';
import { roundClock } from '../round-clock.js';
import { challengeRoundPoints, challengeWindow } from './challenge-rules.js';

export interface PlayedRound {
  roundIndex: number;
  target: LatLng;
  panorama: PanoramaRef;
  startedAt: string;
  deadline: string | null;
  result: { guess: LatLng | null; distanceMeters: number | null; points: number; guessCountryCode: string | null; timeTakenMs: number } | null;
}

export type ChallengePlayState =
  | { status: 'none' }
  | { status: 'playing'; challengeId: string; userId: string; joined: boolean; rounds: PlayedRound[]; rating: number | null; comments: number };

type Challenge = ChallengeCreated['data'];
interface Player {
  id: string;
  name: string;
  level: number;
}

/** What a client may claim with its guess (SPEC §3's challenge score payload); each must match the server. */
export interface ScoreClaims {
  scoreToAdd?: number | null;
  scoreFromNMPZ?: number | null;
  scoreFromNM?: number | null;
  isCorrectCountry?: boolean | null;
}

export type ChallengePlayCommand =
  | { type: 'JoinChallenge'; challenge: Challenge; player: Player }
  | { type: 'LeaveChallenge'; challenge: Challenge; player: Player }
  /** `token` is the fresh opaque address the round's picture gets if the round starts now, `yawOffset` its turn (PanoramaRef). */
  | { type: 'StartChallengeRound'; challenge: Challenge; player: Player; roundIndex: number; token: string; yawOffset?: number }
  | { type: 'ScoreChallengeRound'; challenge: Challenge; player: Player; roundIndex: number; guess: LatLng | null; claims: ScoreClaims }
  | { type: 'RateChallenge'; challenge: Challenge; player: Player; rating: number }
  | { type: 'CommentChallenge'; challenge: Challenge; player: Player; commentId: string; roundIndex: number; comment: string };

/** `challengeplay-{challengeId}~{userId}`: one player's rounds, rating and comments in one challenge. */
export const challengePlayDecider: Decider<ChallengePlayState, ChallengePlayCommand, ChallengePlayEvent> = {
  initialState: { status: 'none' },

  decide(command, state, ctx): Decision<ChallengePlayEvent> {
    const at = ctx.now.toISOString();
    const { challenge, player } = command;
    const base = { challengeId: challenge.challengeId, userId: player.id };
    switch (command.type) {
      case 'JoinChallenge': {
        if (state.status === 'playing' && state.joined) return [];
        const window = challengeWindow(challenge.rules, ctx.now);
        if (window === 'not_started') return reject(409, 'challenge_not_started', `id: this challenge opens at ${new Date(challenge.rules.sd! * 1000).toISOString()}`, 'id');
        if (window === 'ended') return reject(409, 'challenge_ended', 'id: this challenge has ended', 'id');
        if (player.level < challenge.rules.mlte) return reject(403, 'level_too_low', `id: this challenge needs level ${challenge.rules.mlte}; you are level ${player.level}`, 'id');
        return [{ type: 'ChallengeJoined', version: 1, data: { ...base, name: player.name, joinedAt: at } }];
      }
      case 'LeaveChallenge': {
        if (state.status !== 'playing' || !state.joined) return reject(409, 'not_joined', 'you are not in this challenge');
        return [{ type: 'ChallengeLeft', version: 1, data: { ...base, leftAt: at } }];
      }
      case 'StartChallengeRound': {
        const playing = joinedState(state);
        if ('kind' in playing) return playing;
        const open = playing.rounds.find((round) => round.roundIndex === command.roundIndex);
        if (open) return [];
        if (command.roundIndex >= challenge.rounds.length) {
          return reject(409, 'challenge_completed', `roundNumber: this challenge has ${challenge.rounds.length} rounds`, 'roundNumber');
        }
        const last = playing.rounds.at(-1);
        if (last && !last.result) return reject(409, 'round_not_guessed', `guess round ${last.roundIndex} before starting the next one`, 'roundNumber');
        if (command.roundIndex !== playing.rounds.length) {
          return reject(409, 'round_not_current', `roundNumber: the next round is ${playing.rounds.length}`, 'roundNumber');
        }
        if (challengeWindow(challenge.rules, ctx.now) === 'ended') return reject(409, 'challenge_ended', 'roundNumber: this challenge has ended', 'roundNumber');
        const plan = challenge.rounds[command.roundIndex]!;
        const clock = roundClock(challenge.rules, ctx.now);
        const data = {
          ...base,
          roundIndex: command.roundIndex,
          target: plan.target,
          panorama: { ...plan.panorama, token: command.token, ...(command.yawOffset === undefined ? {} : { yawOffset: command.yawOffset }) },
          movement: movementFor(challenge.rules),
          startedAt: at,
          deadline: clock ? clock.deadline.toISOString() : null,
          ...(clock && isBlink(challenge.rules.rl) ? { pictureHidesAt: clock.timeUp.toISOString() } : {}),
        };
        return [{ type: 'ChallengeRoundStarted', version: 1, data }];
      }
      case 'ScoreChallengeRound':
        return decideScore(command, state, ctx.now);
      case 'RateChallenge': {
        const playing = joinedState(state, false);
        if ('kind' in playing) return playing;
        if (!finished(playing, challenge)) return reject(409, 'round_not_guessed', 'challengeId: finish the challenge before rating it', 'challengeId');
        if (playing.rating !== null) {
          return playing.rating === command.rating ? [] : reject(409, 'already_rated', 'challengeId: you already rated this challenge', 'challengeId');
        }
        return [{ type: 'ChallengeRated', version: 1, data: { ...base, rating: command.rating, ratedAt: at } }];
      }
      case 'CommentChallenge': {
        const playing = joinedState(state, false);
        if ('kind' in playing) return playing;
        if (command.roundIndex >= challenge.rounds.length) {
          return reject(400, 'validation_failed', `roundNumber: this challenge has ${challenge.rounds.length} rounds`, 'roundNumber');
        }
        // A comment can give a place away: only players past the round read or write about it.
        if (!playing.rounds.some((round) => round.roundIndex === command.roundIndex && round.result)) {
          return reject(409, 'round_not_guessed', `roundNumber: play round ${command.roundIndex + 1} before commenting on it`, 'roundNumber');
        }
        const data = { ...base, name: player.name, commentId: command.commentId, roundIndex: command.roundIndex, comment: command.comment, commentedAt: at };
        return [{ type: 'ChallengeCommented', version: 1, data }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event): ChallengePlayState {
    if (event.type === 'ChallengeJoined') {
      if (state.status === 'playing') return { ...state, joined: true };
      return { status: 'playing', challengeId: event.data.challengeId, userId: event.data.userId, joined: true, rounds: [], rating: null, comments: 0 };
    }
    if (state.status !== 'playing') return state;
    switch (event.type) {
      case 'ChallengeLeft':
        return { ...state, joined: false };
      case 'ChallengeRoundStarted': {
        const { roundIndex, target, panorama, startedAt, deadline } = event.data;
        return { ...state, rounds: [...state.rounds, { roundIndex, target, panorama, startedAt, deadline, result: null }] };
      }
      case 'ChallengeRoundScored': {
        const { roundIndex, guess, distanceMeters, points, guessCountryCode, timeTakenMs } = event.data;
        const result = { guess, distanceMeters, points, guessCountryCode, timeTakenMs };
        return { ...state, rounds: state.rounds.map((round) => (round.roundIndex === roundIndex ? { ...round, result } : round)) };
      }
      case 'ChallengeRated':
        return { ...state, rating: event.data.rating };
      case 'ChallengeCommented':
        return { ...state, comments: state.comments + 1 };
      default:
        return assertNever(event);
    }
  },
};

type Playing = Extract<ChallengePlayState, { status: 'playing' }>;

function joinedState(state: ChallengePlayState, mustBeIn = true) {
  if (state.status !== 'playing' || (mustBeIn && !state.joined)) return reject(409, 'not_joined', 'join the challenge first (POST /challenges/join)');
  return state;
}

const finished = (state: Playing, challenge: Challenge) => state.rounds.filter((round) => round.result).length === challenge.rounds.length;

function decideScore(command: Extract<ChallengePlayCommand, { type: 'ScoreChallengeRound' }>, state: ChallengePlayState, now: Date): Decision<ChallengePlayEvent> {
  const { challenge, player } = command;
  const playing = joinedState(state);
  if ('kind' in playing) return playing;
  const round = playing.rounds.find((r) => r.roundIndex === command.roundIndex);
  if (!round) return reject(409, 'round_not_current', `roundNumber: round ${command.roundIndex} has not started`, 'roundNumber');
  if (round.result) {
    const same = round.result.guess === null ? command.guess === null : command.guess !== null && sameLocation(round.result.guess, command.guess);
    return same ? [] : reject(409, 'round_already_guessed', `roundNumber: round ${command.roundIndex} already has a guess`, 'roundNumber');
  }
  if (command.guess && round.deadline && now.getTime() > Date.parse(round.deadline)) {
    return reject(409, 'round_time_over', `guessLoc: the time for round ${command.roundIndex + 1} ran out at ${round.deadline}`, 'guessLoc');
  }
  // As in single player: a round ends without a guess only once its time is up.
  const clock = roundClock(challenge.rules, new Date(round.startedAt));
  if (!command.guess && (!clock || now < clock.timeUp)) {
    return reject(400, 'validation_failed', 'guessLoc: place a guess (a round ends without one only when its time runs out)', 'guessLoc');
  }
  const distanceMeters = command.guess ? greatCircleDistance(command.guess, round.target) : null;
  const points = distanceMeters === null ? 0 : challengeRoundPoints(distanceMeters, challenge.maxMapDistance, challenge.rules);
  const plan = challenge.rounds[command.roundIndex]!;
  const guessCountryCode = command.guess ? countryAt(command.guess) : null;
  const correctCountry = plan.targetCountryCode !== null && guessCountryCode === plan.targetCountryCode;
  const expected = {
    scoreToAdd: points,
    scoreFromNMPZ: challenge.rules.nmpz ? points : 0,
    scoreFromNM: challenge.rules.nm && !challenge.rules.nmpz ? points : 0,
    isCorrectCountry: correctCountry,
  };
  for (const field of ['scoreToAdd', 'scoreFromNMPZ', 'scoreFromNM', 'isCorrectCountry'] as const) {
    const claimed = command.claims[field];
    if (claimed !== undefined && claimed !== null && claimed !== expected[field]) {
      return reject(400, 'score_mismatch', `${field}: the server's value for this round is ${String(expected[field])}, not ${String(claimed)}`, field);
    }
  }
  const before = playing.rounds.reduce((sum, r) => sum + (r.result?.points ?? 0), 0);
  const completed = playing.rounds.filter((r) => r.result).length + 1 === challenge.rounds.length;
  return [
    {
      type: 'ChallengeRoundScored',
      version: 1,
      data: {
        challengeId: challenge.challengeId,
        userId: player.id,
        roundIndex: round.roundIndex,
        guess: command.guess,
        target: round.target,
        distanceMeters,
        points,
        targetCountryCode: plan.targetCountryCode,
        guessCountryCode,
        timeTakenMs: Math.max(0, now.getTime() - Date.parse(round.startedAt)),
        totalPoints: before + points,
        completed,
        daily: challenge.daily,
        scoredAt: now.toISOString(),
      },
    },
  ];
}
