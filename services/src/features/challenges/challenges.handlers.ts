import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  type Challenge,
  type ChallengeComment,
  type ChallengeDetail,
  type ChallengePage,
  type ChallengeProgress,
  type ChallengeRoundView,
  type ChallengeScoreResponse,
  type DailyVisitStreak,
  readModelCollections,
  movementFor,
  servedHeading,
  streamName,
  type UserProfileDoc,
} from '@globetrail/contracts';
import { ApiException, notFound } from '../../api/api-error.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { IMAGERY, MAP_CATALOG, READ_STORE } from '../../app/tokens.js';
import { challengeDecider } from '../../domain/challenge/challenge.decider.js';
import { challengePlayDecider, type ChallengePlayCommand } from '../../domain/challenge/challenge-play.decider.js';
import { utcDay } from '../../domain/challenge/daily.js';
import { dailyChallengeStreakOn, visitStreakAnswer } from '../../domain/challenge/streaks.js';
import { userDecider } from '../../domain/user/user.decider.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { drawYawOffset } from '../../imagery/yaw-offset.js';
import type { MapCatalog } from '../../maps/map-catalog.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { challengeComments, challengeDoc, challengePage, challengeResults, challengeView, progressDoc } from '../../projections/challenges/challenges.queries.js';
import { CHALLENGE_READ_MODELS, ChallengeAccess, type ChallengeData, roundView } from './challenge-access.js';
import { challengeRoundsAt, drawChallengeRounds } from './challenge-rounds.js';
import {
  CommentChallenge,
  CreateChallenge,
  GetChallenge,
  GetChallengeProgress,
  JoinChallenge,
  LeaveChallenge,
  ListChallenges,
  RateChallenge,
  RecordDailyVisit,
  ScoreChallengeRound,
  StartChallengeRound,
} from './challenges.messages.js';

type PlayCommand = ChallengePlayCommand extends infer C ? (C extends { challenge: unknown; player: unknown } ? Omit<C, 'challenge' | 'player'> : never) : never;

/** Runs a player's command on their stream of the challenge. */
async function play(executor: CommandExecutor, access: ChallengeAccess, principal: Principal, challenge: ChallengeData, command: PlayCommand) {
  const player = await access.player(principal);
  const stream = streamName.challengePlay(challenge.challengeId, principal.uid);
  return executor.execute(stream, challengePlayDecider, { ...command, challenge, player } as ChallengePlayCommand, { actor: principal.uid, readModels: CHALLENGE_READ_MODELS });
}

@CommandHandler(CreateChallenge)
export class CreateChallengeHandler implements ICommandHandler<CreateChallenge> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly access: ChallengeAccess,
    @Inject(MAP_CATALOG) private readonly maps: MapCatalog,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
  ) {}

  async execute({ principal, request }: CreateChallenge): Promise<Challenge> {
    const author = await this.access.player(principal);
    const map = await this.maps.get(request.mid);
    if (!map) throw new ApiException(404, 'not_found', `mid: no map ${request.mid}`, 'mid');
    const context = this.executor.context();
    const authorChoseRounds = request.rou.length > 0;
    const rounds = authorChoseRounds ? await challengeRoundsAt(this.imagery, request.rou, context.random) : await drawChallengeRounds(this.maps, map, this.imagery, request.nr, context.random);
    const challengeId = randomBytes(9).toString('base64url');
    const { t, d, sd, ed, ip, nmpz, nm, hsn, rl, gat, mlte, dmdp1, dmdp2 } = request;
    await this.executor.execute(
      streamName.challenge(challengeId),
      challengeDecider,
      {
        type: 'CreateChallenge',
        challengeId,
        author: { id: author.id, name: author.name },
        rules: { t, d, sd, ed, ip, nmpz, nm, hsn, rl, gat, mlte, dmdp1, dmdp2 },
        map: { id: map.id, name: map.name, content: map.content, maxMapDistance: map.maxMapDistance },
        rounds,
        daily: null,
        authorChoseRounds,
      },
      { actor: principal.uid, readModels: ['challenges'], context },
    );
    return this.access.view(challengeId, principal.uid);
  }
}

@CommandHandler(JoinChallenge)
export class JoinChallengeHandler implements ICommandHandler<JoinChallenge> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly access: ChallengeAccess,
  ) {}

  async execute({ principal, challengeId }: JoinChallenge) {
    const challenge = await this.access.challenge(challengeId);
    await play(this.executor, this.access, principal, challenge, { type: 'JoinChallenge' });
    return this.access.answers(challenge, principal.uid);
  }
}

@CommandHandler(LeaveChallenge)
export class LeaveChallengeHandler implements ICommandHandler<LeaveChallenge> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly access: ChallengeAccess,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async execute({ principal }: LeaveChallenge) {
    const profile = await this.reads.get<UserProfileDoc>(readModelCollections.userProfiles, principal.uid);
    const current = profile?.currentChallengeID;
    if (!current) throw new ApiException(409, 'not_joined', 'you are in no challenge');
    const challenge = await this.access.challenge(current);
    await play(this.executor, this.access, principal, challenge, { type: 'LeaveChallenge' });
    return { left: current };
  }
}

@CommandHandler(StartChallengeRound)
export class StartChallengeRoundHandler implements ICommandHandler<StartChallengeRound> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly access: ChallengeAccess,
  ) {}

  async execute({ principal, challengeId, roundIndex }: StartChallengeRound): Promise<ChallengeRoundView> {
    const challenge = await this.access.challenge(challengeId);
    const token = randomBytes(16).toString('base64url');
    const plan = challenge.rounds[roundIndex];
    const yawOffset = plan && drawYawOffset(plan.panorama.provider);
    const { state } = await play(this.executor, this.access, principal, challenge, { type: 'StartChallengeRound', roundIndex, token, yawOffset });
    const round = state.status === 'playing' ? state.rounds.find((r) => r.roundIndex === roundIndex) : undefined;
    if (!round) throw new Error(`round ${roundIndex} of challenge ${challengeId} did not start`);
    const current = { roundIndex, token: round.panorama.token, heading: servedHeading(round.panorama, movementFor(challenge.rules)), startedAt: round.startedAt, deadline: round.deadline };
    return roundView(current, challenge.rules, this.executor.context().now);
  }
}

@CommandHandler(ScoreChallengeRound)
export class ScoreChallengeRoundHandler implements ICommandHandler<ScoreChallengeRound> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly access: ChallengeAccess,
  ) {}

  async execute({ principal, challengeId, roundIndex, guess, claims }: ScoreChallengeRound): Promise<ChallengeScoreResponse> {
    const challenge = await this.access.challenge(challengeId);
    const { state } = await play(this.executor, this.access, principal, challenge, { type: 'ScoreChallengeRound', roundIndex, guess, claims });
    const round = state.status === 'playing' ? state.rounds.find((r) => r.roundIndex === roundIndex) : undefined;
    if (!round?.result || state.status !== 'playing') throw new Error(`round ${roundIndex} of challenge ${challengeId} has no result after a guess`);
    const completed = state.rounds.filter((r) => r.result).length === challenge.rounds.length;
    // Today's daily completed today: the player's daily-challenge streak counts the day (once), on their
    // own stream. An older day's daily counts for the challenge, not for the streak. A retried last guess
    // records nothing new here either.
    let chs = null;
    const today = utcDay(this.executor.context().now);
    if (completed && challenge.daily?.slice(0, 10) === today) {
      const command = { type: 'RecordDailyChallengeCompleted', userId: principal.uid, challengeId, day: today } as const;
      const outcome = await this.executor.execute(streamName.user(principal.uid), userDecider, command, { actor: principal.uid, readModels: ['user-profile'] });
      if (outcome.state.status === 'active') chs = outcome.state.dailyChallenges;
    }
    const { result } = round;
    return {
      result: {
        roundNumber: roundIndex,
        guess: result.guess,
        target: round.target,
        distanceMeters: result.distanceMeters,
        points: result.points,
        targetCountryCode: challenge.rounds[roundIndex]!.targetCountryCode,
        guessCountryCode: result.guessCountryCode,
        timeTakenMs: result.timeTakenMs,
      },
      totalPoints: state.rounds.reduce((sum, r) => sum + (r.result?.points ?? 0), 0),
      ...(await this.access.answers(challenge, principal.uid)),
      chs,
    };
  }
}

@CommandHandler(RateChallenge)
export class RateChallengeHandler implements ICommandHandler<RateChallenge> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly access: ChallengeAccess,
  ) {}

  async execute({ principal, challengeId, rating }: RateChallenge) {
    const challenge = await this.access.challenge(challengeId, 'challengeId');
    await play(this.executor, this.access, principal, challenge, { type: 'RateChallenge', rating });
    return { challengeId, rating };
  }
}

@CommandHandler(CommentChallenge)
export class CommentChallengeHandler implements ICommandHandler<CommentChallenge> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly access: ChallengeAccess,
  ) {}

  async execute({ principal, challengeId, roundIndex, comment }: CommentChallenge): Promise<ChallengeComment> {
    const challenge = await this.access.challenge(challengeId, 'challengeId');
    const commentId = randomUUID();
    const { events } = await play(this.executor, this.access, principal, challenge, { type: 'CommentChallenge', commentId, roundIndex, comment });
    const made = events.find((event) => event.type === 'ChallengeCommented');
    if (!made || made.type !== 'ChallengeCommented') throw new Error('a comment was accepted but not recorded');
    return { id: made.data.commentId, userId: made.data.userId, name: made.data.name, roundNumber: roundIndex, comment: made.data.comment, at: made.data.commentedAt };
  }
}

@CommandHandler(RecordDailyVisit)
export class RecordDailyVisitHandler implements ICommandHandler<RecordDailyVisit> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ principal }: RecordDailyVisit): Promise<DailyVisitStreak> {
    const { state } = await this.executor.execute(streamName.user(principal.uid), userDecider, { type: 'RecordDailyVisit', userId: principal.uid }, { actor: principal.uid, readModels: ['user-profile'] });
    if (state.status !== 'active') throw notFound(`no player ${principal.uid}`);
    const streak = dailyChallengeStreakOn(state.dailyChallenges, utcDay(this.executor.context().now));
    return { dvs: visitStreakAnswer(state.visits.dvs, state.visits.outcome), dvsb: state.visits.dvsb, ...streak };
  }
}

@QueryHandler(GetChallenge)
export class GetChallengeHandler implements IQueryHandler<GetChallenge> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ challengeId, viewer }: GetChallenge): Promise<ChallengeDetail> {
    const doc = await challengeDoc(this.reads, challengeId);
    if (!doc) throw notFound(`no challenge ${challengeId}`);
    const mine = viewer ? await progressDoc(this.reads, challengeId, viewer) : null;
    const [results, commentList] = await Promise.all([challengeResults(this.reads, doc), challengeComments(this.reads, challengeId, mine?.rounds ?? 0)]);
    return { ...challengeView(doc, mine), results, commentList };
  }
}

@QueryHandler(GetChallengeProgress)
export class GetChallengeProgressHandler implements IQueryHandler<GetChallengeProgress> {
  constructor(private readonly access: ChallengeAccess) {}

  async execute({ challengeId, userId }: GetChallengeProgress): Promise<ChallengeProgress> {
    return this.access.progress(await this.access.challenge(challengeId), userId);
  }
}

@QueryHandler(ListChallenges)
export class ListChallengesHandler implements IQueryHandler<ListChallenges> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  execute({ page, pageSize, sort, viewer }: ListChallenges): Promise<ChallengePage> {
    return challengePage(this.reads, page, pageSize, sort, viewer);
  }
}
