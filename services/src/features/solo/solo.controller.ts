import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  placeGuessRequestSchema,
  placeGuessResponseSchema,
  soloGameViewSchema,
  soloRoundViewSchema,
  startSoloGameRequestSchema,
  startSoloGameResponseSchema,
  startSoloRoundRequestSchema,
} from '@globetrail/contracts';
import { parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { GetSoloGame, PlaceSoloGuess, StartSoloGame, StartSoloRound } from './solo.messages.js';
import { RateLimit, RateLimitGuard } from '../../platform/rate-limit/rate-limit.guard.js';

@ApiTags('single player')
@ApiSecurity(IDENTITY_SECURITY_SCHEME)
@UseGuards(AuthGuard)
@Controller('solo')
export class SoloController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('gameStart')
  @ApiOperation({ summary: 'Start a single-player game and its first round (anonymous players too)' })
  @ZodBody(startSoloGameRequestSchema)
  @ZodResponse(201, startSoloGameResponseSchema)
  @ApiErrors(400, 401, 404, 429)
  start(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return this.commands.execute(new StartSoloGame(principal.uid, parseInput(startSoloGameRequestSchema, body)));
  }

  @Get(':gameId')
  @ApiOperation({ summary: "The player's view of a game; a round's target appears only with its result" })
  @ZodResponse(200, soloGameViewSchema)
  @ApiErrors(401, 403, 404)
  view(@CurrentPrincipal() principal: Principal, @Param('gameId') gameId: string) {
    return this.queries.execute(new GetSoloGame(principal.uid, gameId));
  }

  @Post(':gameId/rounds')
  @ApiOperation({ summary: 'Start the next round; retrying with the same roundIndex returns the same round' })
  @ZodBody(startSoloRoundRequestSchema)
  @ZodResponse(201, soloRoundViewSchema)
  @ApiErrors(400, 401, 403, 404, 409)
  nextRound(@CurrentPrincipal() principal: Principal, @Param('gameId') gameId: string, @Body() body: unknown) {
    return this.commands.execute(new StartSoloRound(principal.uid, gameId, parseInput(startSoloRoundRequestSchema, body)));
  }

  @Post(':gameId/guess')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('guess')
  @ApiOperation({ summary: 'Place the guess for the current round and get its result, scored by the server' })
  @ZodBody(placeGuessRequestSchema)
  @ZodResponse(200, placeGuessResponseSchema)
  @ApiErrors(400, 401, 403, 404, 409, 429)
  guess(@CurrentPrincipal() principal: Principal, @Param('gameId') gameId: string, @Body() body: unknown) {
    return this.commands.execute(new PlaceSoloGuess(principal.uid, gameId, parseInput(placeGuessRequestSchema, body)));
  }
}
