import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type ChallengeRoundScored, createGhostDuelRequestSchema, createGhostDuelResponseSchema, type GameEvent, ghostSourceViewSchema, isGameEvent, readModelCollections, streamName } from '@globetrail/contracts';
import { z } from 'zod';
import { ApiException, badRequest, parseInput } from '../../api/api-error.js';
import { challengeGhostSource } from '../../domain/ghost/challenge-ghost.js';
import { challengeDoc, challengeResults } from '../../projections/challenges/challenges.queries.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { EVENT_STORE, READ_STORE } from '../../app/tokens.js';
import { isRejection, type Rejection } from '../../domain/decider.js';
import { gameDecider } from '../../domain/game/game.decider.js';
import { ghostSettings, ghostSource, type GhostSource, isGhostPlayerId, recordGhost } from '../../domain/ghost/ghost-source.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../platform/event-store/domain-event.js';
import { RateLimit, RateLimitGuard } from '../../platform/rate-limit/rate-limit.guard.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { joiningPlayer } from '../games/joining-player.js';

const gameIdParam = z.object({ gameId: z.string().min(1).max(64) });
const refused = (rejection: Rejection) => new ApiException(rejection.status, rejection.code, rejection.message, rejection.field);

/**
 * Ghost duels (docs/ghost-duels.md; no SPEC §7 path, so these are ours): a finished one-against-one duel's
 * player, played again against anyone — their guesses replayed at the times they made them, on the duel's
 * own rounds and rules, unranked.
 */
@ApiTags('ghost duels')
@Controller('ghosts')
export class GhostsController {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  @Get(':gameId')
  @ApiOperation({ summary: 'A finished duel whose players can be duelled as ghosts: what it was and who played it (never a guess or a target)' })
  @ZodResponse(200, ghostSourceViewSchema)
  @ApiErrors(400, 404, 409)
  async source(@Param() params: unknown) {
    const { gameId } = parseInput(gameIdParam, params, 'gameId');
    const source = await this.load(gameId);
    return {
      gameId: source.gameId,
      gameT: source.gameT,
      origin: source.origin,
      mapName: source.map.name,
      rounds: source.rounds.length,
      rl: source.settings.rl,
      nm: source.settings.nm ?? false,
      nmpz: source.settings.nmpz ?? false,
      s_hp: source.settings.s_hp,
      endedAt: source.endedAt,
      players: source.players.map(({ playerId, name, hp, won }) => ({ playerId, name, hp, won, ghost: isGhostPlayerId(playerId) })),
    };
  }

  @Post()
  @UseGuards(AuthGuard, RateLimitGuard)
  @RateLimit('gameStart')
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "Duel a recorded player's ghost: a new unranked duel on the recorded rounds, the ghost's guesses replayed at their times" })
  @ZodBody(createGhostDuelRequestSchema)
  @ZodResponse(201, createGhostDuelResponseSchema)
  @ApiErrors(400, 401, 404, 409, 429)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    const request = parseInput(createGhostDuelRequestSchema, body);
    if ((request.gameId === undefined) === (request.challengeId === undefined)) throw badRequest('gameId', 'give gameId (a finished duel) or challengeId (a challenge you have finished), not both');
    if (request.gameId !== undefined && request.playerId === undefined) throw badRequest('playerId', "whose ghost: one of the duel's players");
    const source = request.gameId !== undefined ? await this.load(request.gameId) : await this.loadChallenge(request.challengeId!, principal.uid, request.playerId);
    const chosen = request.playerId ?? source.players[0]?.playerId;
    if (chosen === undefined || (source.recordings.has(chosen) && !source.players.some((player) => player.playerId === chosen))) {
      throw new ApiException(409, 'not_ghostable', 'that player deleted their account: their guesses are no one\'s ghost', 'playerId');
    }
    const ghost = recordGhost(source, chosen);
    if (isRejection(ghost)) throw refused(ghost);
    const context = this.executor.context();
    const gameId = context.newId();
    await this.executor.execute(
      streamName.game(gameId),
      gameDecider,
      {
        type: 'CreateGame',
        gameId,
        gameT: 'D',
        origin: 'ghost',
        settings: ghostSettings(source),
        map: source.map,
        host: await joiningPlayer(this.reads, principal),
        // A recording, not an account: no profile to open, no rating.
        opponent: { id: ghost.playerId, name: ghost.source.name, isAnonymous: true, elo: null },
        // A fresh salt: the ghost duel commits to the recorded rounds as a ranked match does (docs/audit.md).
        plan: { salt: randomBytes(32).toString('hex'), rounds: source.rounds },
        ghost,
      },
      { actor: principal.uid, readModels: ['live-games'], context },
    );
    return { gameId };
  }

  /**
   * A challenge's ghost: only for a player who has finished the challenge (its targets would otherwise be
   * learnt from the duel's results), of `playerId` or else of its best other player who finished it.
   */
  private async loadChallenge(challengeId: string, viewer: string, playerId: string | undefined): Promise<GhostSource> {
    const created = (await this.events.readStream(streamName.challenge(challengeId))).map(toDomainEvent).find((event) => event.type === 'ChallengeCreated');
    if (created?.type !== 'ChallengeCreated') throw new ApiException(404, 'not_found', `challengeId: no challenge ${challengeId}`, 'challengeId');
    const rounds = created.data.rounds.length;
    const mine = await this.scoredRounds(challengeId, viewer);
    if (mine.length < rounds) throw new ApiException(409, 'play_challenge_first', 'finish this challenge before you duel a ghost on its rounds', 'challengeId');
    let chosen = playerId;
    let name: string | null = null;
    if (chosen === undefined) {
      const doc = await challengeDoc(this.reads, challengeId);
      const best = doc ? (await challengeResults(this.reads, doc)).find((row) => row.completed && row.userId !== viewer) : undefined;
      if (!best) throw new ApiException(409, 'not_ghostable', 'nobody else has finished this challenge yet', 'challengeId');
      [chosen, name] = [best.userId, best.name];
    }
    const play = await this.events.readStream(streamName.challengePlay(challengeId, chosen));
    const joined = play.map(toDomainEvent).find((event) => event.type === 'ChallengeJoined');
    if (joined?.type !== 'ChallengeJoined') throw new ApiException(400, 'validation_failed', `playerId: ${chosen} has not played challenge ${challengeId}`, 'playerId');
    const scored = await this.scoredRounds(challengeId, chosen);
    const source = challengeGhostSource(created.data, { playerId: chosen, name: name ?? (joined.data.name || 'Anonymous'), scored }, () => randomBytes(16).toString('base64url'));
    if (isRejection(source)) throw refused(source);
    return source;
  }

  private async scoredRounds(challengeId: string, userId: string): Promise<ChallengeRoundScored['data'][]> {
    const events = (await this.events.readStream(streamName.challengePlay(challengeId, userId))).map(toDomainEvent);
    return events.flatMap((event) => (event.type === 'ChallengeRoundScored' ? [event.data as ChallengeRoundScored['data']] : []));
  }

  private async load(gameId: string): Promise<GhostSource> {
    const events: GameEvent[] = [];
    for (const recorded of await this.events.readStream(streamName.game(gameId))) {
      const event = toDomainEvent(recorded);
      if (isGameEvent(event)) events.push(event);
    }
    const source = ghostSource(events);
    if (isRejection(source)) throw refused(source.status === 404 ? { ...source, message: `no game ${gameId}` } : source);
    return this.withoutDeleted(source);
  }

  /** A player who deleted their account is no one's ghost, and their name is not shown (docs/ghost-duels.md). */
  private async withoutDeleted(source: GhostSource): Promise<GhostSource> {
    const person = (playerId: string) => (isGhostPlayerId(playerId) ? playerId.slice('ghost:'.length) : playerId);
    const kept = [];
    for (const player of source.players) {
      const deleted = !player.anonymous && (await this.reads.get(readModelCollections.userProfiles, person(player.playerId))) === null;
      if (!deleted) kept.push(player);
    }
    return { ...source, players: kept };
  }
}
