import { RateLimit, RateLimitGuard } from '../../platform/rate-limit/rate-limit.guard.js';
import { Body, Controller, Get, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { createGameRequestSchema, createGameResponseSchema, gameViewSchema, isBlink, isPrivateGhostDuel, LIVE, lobbyViewSchema, streamName } from '@globetrail/contracts';
import { ApiException, badRequest, notFound, parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAP_CATALOG, PROJECTIONS, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { gameDecider } from '../../domain/game/game.decider.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME, OptionalAuthGuard } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { DEFAULT_MAP_ID, type MapCatalog } from '../../maps/map-catalog.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { Clock } from '../../platform/time/clock.js';
import { viewAs } from '../../projections/live-games/live-games.queries.js';
import { readGame } from './read-game.js';
import { lobbyView } from '../../projections/open-duels/open-duels.queries.js';
import type { ProjectionsPort } from '../../projections/projections.js';
import { joiningPlayer } from './joining-player.js';

@ApiTags('live games')
@Controller()
export class GamesController {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(MAP_CATALOG) private readonly maps: MapCatalog,
    @Inject(PROJECTIONS) private readonly projections: ProjectionsPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('games')
  @UseGuards(AuthGuard, RateLimitGuard)
  @RateLimit('gameStart')
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Create a live game (the creator is its host and first player); a duel may be listed in the lobby' })
  @ZodBody(createGameRequestSchema)
  @ZodResponse(201, createGameResponseSchema)
  @ApiErrors(400, 401, 404, 429)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    const request = parseInput(createGameRequestSchema, body);
    if (request.listInLobby && request.gameT !== 'D') throw badRequest('listInLobby', 'only duels are listed in the lobby');
    if (request.mElo !== null && request.gameT !== 'D') throw badRequest('mElo', 'a minimum Elo applies to duels only');
    const map = await this.maps.get(request.mapId ?? DEFAULT_MAP_ID);
    if (!map) throw new ApiException(404, 'not_found', `mapId: no map ${request.mapId}`, 'mapId');
    const context = this.executor.context();
    const gameId = context.newId();
    const settings = { nr: request.nr, rl: request.rl, bl: isBlink(request.rl), gat: request.gat, sga: request.sga, mElo: request.mElo, s_hp: LIVE.duelHitPoints, tag: request.tag, nm: request.nm, nmpz: request.nmpz };
    const command = {
      type: 'CreateGame',
      gameId,
      gameT: request.gameT,
      origin: request.listInLobby ? 'lobby' : 'private',
      settings,
      map: { id: map.id, name: map.name, maxMapDistance: map.maxMapDistance },
      host: await joiningPlayer(this.reads, principal),
    } as const;
    await this.executor.execute(streamName.game(gameId), gameDecider, command, { actor: principal.uid, readModels: ['live-games', 'open-duels'], context });
    return { gameId };
  }

  @Get('games/:gameId')
  @UseGuards(OptionalAuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "A live game as you may see it: your own view as a player, the spectators' delayed one otherwise" })
  @ZodResponse(200, gameViewSchema)
  @ApiErrors(404)
  async view(@CurrentPrincipal('optional') principal: Principal | undefined, @Param('gameId') gameId: string) {
    // Folded from the game's own stream: everything stored before this request is in the answer, so a
    // player who reconnects sees every move they were told was done.
    const full = await readGame(this.events, gameId);
    const outsider = principal === undefined || !(principal.uid in (full?.live.us ?? {}));
    if (!full || (isPrivateGhostDuel(full.live) && outsider)) throw notFound(`no game ${gameId}`);
    return viewAs(full, principal?.uid ?? null, this.config.spectatorDelayPhases, this.clock.now());
  }

  @Get('lobby/duels')
  @ApiOperation({ summary: 'The duels lobby: duels waiting for an opponent' })
  @ZodResponse(200, lobbyViewSchema)
  async lobby() {
    return lobbyView(this.reads, Number(this.projections.runner('open-duels').position ?? 0n));
  }
}
