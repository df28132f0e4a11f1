import type { LatLng, MapCategories, ScoreSubmission, UserEvent } from '@globetrail/contracts';
import { LIVE, movementBonuses, sameLocation } from '@globetrail/contracts';
import { utcDay } from '../challenge/daily.js';
import { type DailyChallengeStreak, nextDailyChallengeStreak, nextVisitStreak, type VisitStreak } from '../challenge/streaks.js';
import { assertNever, type Decider, type Decision, reject } from '../decider.js';

export type UserState =
  | { status: 'none' }
  | {
      status: 'active';
      userId: string;
      name: string;
      isAnonymous: boolean;
      points: number;
      bestGuessInMeters: number | null;
      currentCountryStreak: number;
      bestCountryStreak: number;
      /** Targets already scored (SPEC §5: a target is never scored twice). */
      submittedTargets: ReadonlySet<string>;
      elo: number;
      /** Arena matches already rated (a match changes a rating once). */
      ratedGames: ReadonlySet<string>;
      visits: VisitStreak;
      dailyChallenges: DailyChallengeStreak;
      /** When Developer Tools were last reported (SPEC §8), for the one-a-minute rule. */
      lastCheatingReportAt: string | null;
    }
  | { status: 'deleted'; userId: string };

/** A round as the server stored and scored it; the submission is checked against it. */
export interface ScoredRound {
  gameId: string;
  roundIndex: number;
  playerId: string;
  mapId: string;
  target: LatLng;
  targetCountryCode: string | null;
  /** Where the round's picture came from; a picture that was not answer-blind (Google Street View) is never ranked. */
  imagery: { provider: string; answerBlind: boolean };
  /** No guess: the round's time ran out. */
  result: { guess: LatLng | null; distanceMeters: number | null; points: number; guessCountryCode: string | null } | null;
  /** The game's movement settings: their rounds' points count as `scoreFromNM` / `scoreFromNMPZ`. */
  settings: { nm: boolean; nmpz: boolean };
  /** The map's categories when scored (null: unknown), recorded for the leaderboards' filters. */
  mapCategories?: MapCategories | null;
}

export type UserCommand =
  | { type: 'CreateUser'; userId: string; name: string; isAnonymous: boolean }
  | { type: 'SubmitScore'; userId: string; isAnonymous: boolean; submission: ScoreSubmission; round: ScoredRound | null }
  | { type: 'DeleteUser'; userId: string }
  /** An arena match ended: apply the rating change the game decided (once per match). */
  | { type: 'RateArenaMatch'; userId: string; gameId: string; opponentId: string; outcome: 'win' | 'draw' | 'loss'; delta: number }
  /** SPEC §4: the once-a-day visit check of a signed-in player. */
  | { type: 'RecordDailyVisit'; userId: string }
  /** A daily challenge was completed (its last round scored) on `day`, UTC. */
  | { type: 'RecordDailyChallengeCompleted'; userId: string; challengeId: string; day: string }
  /** SPEC §8: the client saw Developer Tools open. */
  | { type: 'ReportCheating'; userId: string; release: string };

/** A page left open with Developer Tools reports every second; one report a minute is what is recorded. */
export const CHEATING_REPORT_INTERVAL_MS = 60_000;

export const targetKey = (target: LatLng) => `${target.lat.toFixed(6)},${target.lng.toFixed(6)}`;

const DISTANCE_TOLERANCE_METERS = 1;

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { status: 'none' },

  decide(command, state, ctx): Decision<UserEvent> {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'CreateUser': {
        if (state.status === 'deleted') return reject(403, 'forbidden', 'this account was deleted');
        if (state.status === 'none') {
          return [{ type: 'UserCreated', version: 1, data: { userId: command.userId, name: command.name, isAnonymous: command.isAnonymous, createdAt: at } }];
        }
        if (state.isAnonymous && !command.isAnonymous) {
          return [{ type: 'UserRegistered', version: 1, data: { userId: command.userId, name: command.name, registeredAt: at } }];
        }
        // The identity's token names the player: a changed name there is a rename here.
        if (!state.isAnonymous && !command.isAnonymous && command.name !== state.name) {
          return [{ type: 'UserRenamed', version: 1, data: { userId: command.userId, name: command.name, renamedAt: at } }];
        }
        return [];
      }
      case 'SubmitScore':
        return decideSubmitScore(command, state, at);
      case 'DeleteUser': {
        if (state.status === 'none') return reject(404, 'not_found', `no player ${command.userId}`);
        if (state.status === 'deleted') return [];
        return [{ type: 'UserDeleted', version: 1, data: { userId: command.userId, deletedAt: at } }];
      }
      case 'RateArenaMatch': {
        if (state.status !== 'active') return reject(404, 'not_found', `no player ${command.userId}`);
        if (state.isAnonymous) return reject(403, 'anonymous_not_allowed', 'anonymous players are not rated');
        if (state.ratedGames.has(command.gameId)) return [];
        const after = Math.max(0, state.elo + command.delta);
        const data = { userId: command.userId, gameId: command.gameId, opponentId: command.opponentId, outcome: command.outcome, before: state.elo, after, at };
        return [{ type: 'EloRatingChanged', version: 1, data }];
      }
      case 'RecordDailyVisit': {
        if (state.status !== 'active') return reject(404, 'not_found', `no player ${command.userId}`);
        if (state.isAnonymous) return reject(403, 'anonymous_not_allowed', 'sign up to keep a daily streak');
        const day = utcDay(ctx.now);
        if (state.visits.lastDay === day) return [];
        const next = nextVisitStreak(state.visits, day);
        return [{ type: 'DailyVisitRecorded', version: 1, data: { userId: command.userId, day, dvs: next.dvs, dvsb: next.dvsb, outcome: next.outcome, at } }];
      }
      case 'RecordDailyChallengeCompleted': {
        if (state.status !== 'active' || state.isAnonymous) return [];
        const next = nextDailyChallengeStreak(state.dailyChallenges, command.day);
        if (!next) return [];
        return [{ type: 'DailyChallengeStreakChanged', version: 1, data: { userId: command.userId, ...next, challengeId: command.challengeId, at } }];
      }
      case 'ReportCheating': {
        if (state.status !== 'active') return reject(404, 'not_found', 'create the player first (POST /user/create)');
        if (state.isAnonymous) return reject(403, 'anonymous_not_allowed', 'only signed-in players send reports (SPEC §8)');
        if (state.lastCheatingReportAt !== null && ctx.now.getTime() - Date.parse(state.lastCheatingReportAt) < CHEATING_REPORT_INTERVAL_MS) return [];
        return [{ type: 'CheatingReported', version: 1, data: { userId: command.userId, kind: 'devtools', release: command.release, at } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event): UserState {
    switch (event.type) {
      case 'UserCreated':
        return {
          status: 'active',
          userId: event.data.userId,
          name: event.data.name,
          isAnonymous: event.data.isAnonymous,
          points: 0,
          bestGuessInMeters: null,
          currentCountryStreak: 0,
          bestCountryStreak: 0,
          submittedTargets: new Set(),
          elo: LIVE.eloStart,
          ratedGames: new Set(),
          visits: { lastDay: null, dvs: 0, dvsb: 0, outcome: 'started' },
          dailyChallenges: { dcs: 0, dcsb: 0, dcsd: '' },
          lastCheatingReportAt: null,
        };
      case 'UserRegistered':
        return state.status === 'active' ? { ...state, name: event.data.name, isAnonymous: false } : state;
      case 'UserRenamed':
        return state.status === 'active' ? { ...state, name: event.data.name } : state;
      case 'ScoreSubmitted':
        if (state.status !== 'active') return state;
        return {
          ...state,
          points: state.points + event.data.points,
          bestGuessInMeters: event.data.bestGuessInMeters,
          currentCountryStreak: event.data.currentCountryStreak,
          bestCountryStreak: event.data.bestCountryStreak,
          submittedTargets: new Set([...state.submittedTargets, targetKey(event.data.target)]),
        };
      case 'UserDeleted':
        return { status: 'deleted', userId: event.data.userId };
      case 'EloRatingChanged':
        return state.status === 'active' ? { ...state, elo: event.data.after, ratedGames: new Set([...state.ratedGames, event.data.gameId]) } : state;
      case 'DailyVisitRecorded':
        return state.status === 'active' ? { ...state, visits: { lastDay: event.data.day, dvs: event.data.dvs, dvsb: event.data.dvsb, outcome: event.data.outcome } } : state;
      case 'DailyChallengeStreakChanged': {
        if (state.status !== 'active') return state;
        const { dcs, dcsb, dcsd } = event.data;
        return { ...state, dailyChallenges: { dcs, dcsb, dcsd } };
      }
      case 'CheatingReported':
        return state.status === 'active' ? { ...state, lastCheatingReportAt: event.data.at } : state;
      default:
        return assertNever(event);
    }
  },
};

function decideSubmitScore(command: Extract<UserCommand, { type: 'SubmitScore' }>, state: UserState, at: string): Decision<UserEvent> {
  const { submission, round } = command;
  if (command.isAnonymous) return reject(403, 'anonymous_not_allowed', 'sign up to keep your points: anonymous players do not submit scores');
  if (state.status !== 'active') return reject(404, 'not_found', 'create the player first (POST /user/create)');
  if (!round) return reject(404, 'not_found', `no round ${submission.roundNumber} in game ${submission.gameId}`, 'gameId');
  if (round.playerId !== command.userId) return reject(403, 'forbidden', 'this round belongs to another player', 'gameId');
  if (!round.imagery.answerBlind) {
    const message = `gameId: this round was played on ${round.imagery.provider} imagery, which is not answer-blind (the page can reveal the answer), so it is never ranked`;
    return reject(409, 'unranked_imagery', message, 'gameId');
  }
  if (state.submittedTargets.has(targetKey(round.target))) return reject(409, 'already_submitted', 'this target was already scored');
  const { result } = round;
  if (!result) return reject(409, 'round_not_guessed', `round ${round.roundIndex} has no guess yet`, 'roundNumber');
  if (!result.guess || result.distanceMeters === null) return reject(409, 'round_not_guessed', `round ${round.roundIndex} ended with no guess: its time ran out`, 'roundNumber');
  const distanceMeters = result.distanceMeters;

  const [targetLat, targetLng] = submission.targetLocation as [number, number];
  if (!sameLocation({ lat: targetLat, lng: targetLng }, round.target)) {
    return reject(400, 'score_mismatch', 'targetLocation: does not match the round', 'targetLocation');
  }
  const [guessLat, guessLng] = submission.guessLocation as [number, number];
  if (!sameLocation({ lat: guessLat, lng: guessLng }, result.guess)) {
    return reject(400, 'score_mismatch', 'guessLocation: does not match the guess placed in the round', 'guessLocation');
  }
  if (submission.mapId !== round.mapId) return reject(400, 'score_mismatch', `mapId: the round was played on ${round.mapId}`, 'mapId');
  if (submission.scoreFromStreak !== 0) return reject(400, 'score_mismatch', 'scoreFromStreak: no streak bonus applies to a single-player round', 'scoreFromStreak');
  const bonuses = movementBonuses(result.points, round.settings);
  for (const bonus of ['scoreFromNMPZ', 'scoreFromNM'] as const) {
    if (submission[bonus] !== bonuses[bonus]) return reject(400, 'score_mismatch', `${bonus}: this round adds ${bonuses[bonus]}, not ${submission[bonus]}`, bonus);
  }
  if (submission.scoreToAdd !== result.points) {
    return reject(400, 'score_mismatch', `scoreToAdd: the server scored this round ${result.points}, not ${submission.scoreToAdd}`, 'scoreToAdd');
  }
  if (submission.bestGuessInMeters > -1 && Math.abs(submission.bestGuessInMeters - distanceMeters) > DISTANCE_TOLERANCE_METERS) {
    return reject(400, 'score_mismatch', `bestGuessInMeters: the guess was ${Math.round(distanceMeters)} m away`, 'bestGuessInMeters');
  }
  if (submission.countryCode !== null && submission.countryCode.toUpperCase() !== (round.targetCountryCode ?? '')) {
    return reject(400, 'score_mismatch', `countryCode: the target is in ${round.targetCountryCode ?? 'no country'}`, 'countryCode');
  }

  // SPEC §5: a negative current streak means the round does not count, and the streaks keep their values.
  let currentCountryStreak = state.currentCountryStreak;
  if (submission.currentCountryStreak >= 0) {
    const correctCountry = round.targetCountryCode !== null && result.guessCountryCode === round.targetCountryCode;
    currentCountryStreak = correctCountry ? state.currentCountryStreak + 1 : 0;
    if (submission.currentCountryStreak !== currentCountryStreak) {
      return reject(400, 'score_mismatch', `currentCountryStreak: the streak is now ${currentCountryStreak}`, 'currentCountryStreak');
    }
  }
  const bestCountryStreak = Math.max(state.bestCountryStreak, currentCountryStreak);
  // SPEC §5: best guess is the minimum of the previous and the new one when the new one is > -1.
  const bestGuessInMeters =
    submission.bestGuessInMeters > -1 ? Math.min(state.bestGuessInMeters ?? Number.POSITIVE_INFINITY, distanceMeters) : state.bestGuessInMeters;

  return [
    {
      type: 'ScoreSubmitted',
      version: 1,
      data: {
        userId: command.userId,
        gameId: round.gameId,
        roundIndex: round.roundIndex,
        gameType: 'singleplayer',
        mapId: round.mapId,
        points: result.points,
        distanceMeters,
        target: round.target,
        guess: result.guess,
        targetCountryCode: round.targetCountryCode,
        guessCountryCode: result.guessCountryCode,
        bestGuessInMeters,
        currentCountryStreak,
        bestCountryStreak,
        mapCategories: round.mapCategories ?? null,
        submittedAt: at,
      },
    },
  ];
}
