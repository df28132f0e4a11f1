import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  challengeDetailSchema,
  challengePageParamsSchema,
  challengePageSchema,
  challengeProgressSchema,
  challengeRoundViewSchema,
  challengeSchema,
  challengeScoreRequestSchema,
  challengeScoreResponseSchema,
  commentChallengeRequestSchema,
  createChallengeRequestSchema,
  dailyChallengesSchema,
  dailyVisitStreakSchema,
  joinChallengeRequestSchema,
  mapPageQuerySchema,
  rateChallengeRequestSchema,
  startChallengeRoundRequestSchema,
} from '@globetrail/contracts';
import { parseInput, parsePagePath } from '../../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME, OptionalAuthGuard, RequireSignedIn } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { READ_STORE } from '../../app/tokens.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { myChallenges } from '../../projections/challenges/challenges.queries.js';
import {
  CommentChallenge,
  CreateChallenge,
  GetChallenge,
  GetChallengeProgress,
  GetDailyChallenges,
  JoinChallenge,
  LeaveChallenge,
  ListChallenges,
  RateChallenge,
  RecordDailyVisit,
  ScoreChallengeRound,
  StartChallengeRound,
} from './challenges.messages.js';
import { RateLimit, RateLimitGuard } from '../../platform/rate-limit/rate-limit.guard.js';

type PageParams = { a: string; b: string; c: string };

/**
 * SPEC §7's challenge calls at their exact paths (docs/challenges.md). Writing calls need a signed-up
 * player (SPEC §6: anonymous players have no challenge progress); reading calls come as `Anon` for anyone
 * and signed-in, where the signed-in one adds the viewer's own progress.
 */
@ApiTags('challenges')
@Controller()
export class ChallengesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  @Post('challenges/add')
  @UseGuards(RequireSignedIn, RateLimitGuard)
  @RateLimit('challengeCreated')
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "Create a custom challenge (SPEC §3's creation payload); the server draws its rounds from `mid` unless `rou` lists them" })
  @ZodBody(createChallengeRequestSchema)
  @ZodResponse(201, challengeSchema)
  @ApiErrors(400, 401, 403, 404, 429)
  add(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return this.commands.execute(new CreateChallenge(principal, parseInput(createChallengeRequestSchema, body)));
  }

  @Post('challenges/join')
  @HttpCode(200)
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Join a challenge: it becomes your current challenge (currentChallengeID)' })
  @ZodBody(joinChallengeRequestSchema)
  @ApiErrors(400, 401, 403, 404, 409)
  join(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return this.commands.execute(new JoinChallenge(principal, parseInput(joinChallengeRequestSchema, body).id));
  }

  @Post('challenges/leave')
  @HttpCode(200)
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Leave your current challenge (no body); your rounds so far stay counted' })
  @ApiErrors(401, 403, 409)
  leave(@CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new LeaveChallenge(principal));
  }

  @Post('challenges/rate')
  @HttpCode(200)
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Rate a challenge you finished, 1 to 5, once' })
  @ZodBody(rateChallengeRequestSchema)
  @ApiErrors(400, 401, 403, 404, 409)
  rate(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    const { challengeId, rating } = parseInput(rateChallengeRequestSchema, body);
    return this.commands.execute(new RateChallenge(principal, challengeId, rating));
  }

  @Post('challenges/addComment')
  @UseGuards(RequireSignedIn, RateLimitGuard)
  @RateLimit('chat')
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Comment on a round of a challenge you have played (roundNumber from 0)' })
  @ZodBody(commentChallengeRequestSchema)
  @ApiErrors(400, 401, 403, 404, 409, 429)
  comment(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    const { challengeId, roundNumber, comment } = parseInput(commentChallengeRequestSchema, body);
    return this.commands.execute(new CommentChallenge(principal, challengeId, roundNumber, comment));
  }

  @Post('challenges/addScore')
  @HttpCode(200)
  @UseGuards(RequireSignedIn, RateLimitGuard)
  @RateLimit('guess')
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "Your guess in a challenge round (SPEC §3's challenge score payload): scored by the server, answered with the round's result, ch, chp and chs" })
  @ZodBody(challengeScoreRequestSchema)
  @ZodResponse(200, challengeScoreResponseSchema)
  @ApiErrors(400, 401, 403, 404, 409, 429)
  addScore(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    const request = parseInput(challengeScoreRequestSchema, body);
    const { scoreToAdd, scoreFromNMPZ, scoreFromNM, isCorrectCountry } = request;
    return this.commands.execute(new ScoreChallengeRound(principal, request.id, request.roundNumber, request.guessLoc, { scoreToAdd, scoreFromNMPZ, scoreFromNM, isCorrectCountry }));
  }

  @Get('challenges/daily')
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({ summary: "Today's four daily challenges (UTC): plain, No Move, NMPZ and Blink; made by the day's first request" })
  @ZodResponse(200, dailyChallengesSchema)
  daily(@CurrentPrincipal('optional') principal: Principal | undefined) {
    return this.queries.execute(new GetDailyChallenges(principal && !principal.isAnonymous ? principal.uid : null));
  }

  @Get('challenges/Anon/:a/:b/:c')
  @ApiOperation({ summary: 'A page of the public challenges: a = page (from 0), b = page size (1–50), c = sort (new, players, rating, ending)' })
  @ZodResponse(200, challengePageSchema)
  @ApiErrors(400)
  listAnon(@Param() params: PageParams) {
    const { page, pageSize, sort } = pageParams(params);
    return this.queries.execute(new ListChallenges(page, pageSize, sort, null));
  }

  @Get('challenges/:a/:b/:c')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'A page of the public challenges, each with the rounds you have played in it' })
  @ZodResponse(200, challengePageSchema)
  @ApiErrors(400, 401)
  list(@Param() params: PageParams, @CurrentPrincipal() principal: Principal) {
    const { page, pageSize, sort } = pageParams(params);
    return this.queries.execute(new ListChallenges(page, pageSize, sort, principal.uid));
  }

  @Get('myChallenges')
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'The challenges you made, private ones too, newest first (?page=&pageSize= optional)' })
  @ZodResponse(200, challengePageSchema)
  @ApiErrors(400, 401, 403)
  mine(@CurrentPrincipal() principal: Principal, @Query() query: unknown) {
    const { page, pageSize } = parseInput(mapPageQuerySchema, query, 'query');
    return myChallenges(this.reads, principal.uid, page, pageSize);
  }

  @Get('challenge/Anon/:id')
  @ApiOperation({ summary: 'A challenge: settings, best results; no round targets' })
  @ZodResponse(200, challengeDetailSchema)
  @ApiErrors(404)
  getAnon(@Param('id') id: string) {
    return this.queries.execute(new GetChallenge(id, null));
  }

  @Get('challenge/progress/:id')
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Your progress in a challenge: scores (spr) and guesses (glpr) per round, rated (ra), the round you have open' })
  @ZodResponse(200, challengeProgressSchema)
  @ApiErrors(401, 403, 404)
  progress(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new GetChallengeProgress(id, principal.uid));
  }

  @Get('challenge/:id')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "A challenge with the targets (rou) and comments of the rounds you have finished" })
  @ZodResponse(200, challengeDetailSchema)
  @ApiErrors(401, 404)
  get(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new GetChallenge(id, principal.uid));
  }

  @Post('challenge/:id/round')
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "Open your next round of a challenge (ours, not SPEC's): its picture's address and the server's deadline; asked again, the same round" })
  @ZodBody(startChallengeRoundRequestSchema)
  @ZodResponse(201, challengeRoundViewSchema)
  @ApiErrors(400, 401, 403, 404, 409)
  startRound(@Param('id') id: string, @CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return this.commands.execute(new StartChallengeRound(principal, id, parseInput(startChallengeRoundRequestSchema, body).roundNumber));
  }

  @Get('user/DailyVisitStreak')
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "Records today's visit (UTC) and answers the streaks: dvs (-1 ended, -2 lost on the day it broke), dvsb, dcs, dcsb, dcsd" })
  @ZodResponse(200, dailyVisitStreakSchema)
  @ApiErrors(401, 403)
  visitStreak(@CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new RecordDailyVisit(principal));
  }
}

function pageParams(params: PageParams) {
  return parsePagePath(challengePageParamsSchema, params, { a: 'a (page, from 0)', b: 'b (page size, 1–50)', c: 'c (sort: new, players, rating or ending)' });
}
