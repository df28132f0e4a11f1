import { Command, Query } from '@nestjs/cqrs';
import type {
  Challenge,
  ChallengeComment,
  ChallengeDetail,
  ChallengePage,
  ChallengeProgress,
  ChallengeRoundView,
  ChallengeScoreResponse,
  ChallengeSort,
  CreateChallengeInput,
  DailyChallenges,
  DailyVisitStreak,
  LatLng,
} from '@globetrail/contracts';
import type { Principal } from '../../identity/identity.port.js';
import type { ScoreClaims } from '../../domain/challenge/challenge-play.decider.js';

export class CreateChallenge extends Command<Challenge> {
  constructor(
    readonly principal: Principal,
    readonly request: CreateChallengeInput,
  ) {
    super();
  }
}

export class JoinChallenge extends Command<{ ch: Challenge; chp: ChallengeProgress }> {
  constructor(
    readonly principal: Principal,
    readonly challengeId: string,
  ) {
    super();
  }
}

/** SPEC's leave has no body: it leaves the player's current challenge. */
export class LeaveChallenge extends Command<{ left: string }> {
  constructor(readonly principal: Principal) {
    super();
  }
}

export class StartChallengeRound extends Command<ChallengeRoundView> {
  constructor(
    readonly principal: Principal,
    readonly challengeId: string,
    readonly roundIndex: number,
  ) {
    super();
  }
}

export class ScoreChallengeRound extends Command<ChallengeScoreResponse> {
  constructor(
    readonly principal: Principal,
    readonly challengeId: string,
    readonly roundIndex: number,
    readonly guess: LatLng | null,
    readonly claims: ScoreClaims,
  ) {
    super();
  }
}

export class RateChallenge extends Command<{ challengeId: string; rating: number }> {
  constructor(
    readonly principal: Principal,
    readonly challengeId: string,
    readonly rating: number,
  ) {
    super();
  }
}

export class CommentChallenge extends Command<ChallengeComment> {
  constructor(
    readonly principal: Principal,
    readonly challengeId: string,
    readonly roundIndex: number,
    readonly comment: string,
  ) {
    super();
  }
}

export class RecordDailyVisit extends Command<DailyVisitStreak> {
  constructor(readonly principal: Principal) {
    super();
  }
}

export class GetChallenge extends Query<ChallengeDetail> {
  constructor(
    readonly challengeId: string,
    readonly viewer: string | null,
  ) {
    super();
  }
}

export class GetChallengeProgress extends Query<ChallengeProgress> {
  constructor(
    readonly challengeId: string,
    readonly userId: string,
  ) {
    super();
  }
}

export class ListChallenges extends Query<ChallengePage> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
    readonly sort: ChallengeSort,
    readonly viewer: string | null,
  ) {
    super();
  }
}

export class GetDailyChallenges extends Query<DailyChallenges> {
  constructor(readonly viewer: string | null) {
    super();
  }
}
