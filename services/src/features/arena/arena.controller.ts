import { Controller, Get, Headers, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { countersSchema, countryAnswerSchema, eloDelta, eloRankSchema, LIVE, matchAuditResponseSchema, ratingPreviewSchema } from '@globetrail/contracts';
import { z } from 'zod';
import { notFound, parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { EVENT_STORE, READ_STORE } from '../../app/tokens.js';
import { loadMatchAudit } from '../../ops/audit.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME, OptionalAuthGuard } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { arenaRating, eloRank } from '../../projections/arena-ratings/arena-ratings.queries.js';
import { LiveCounters } from '../live/live-counters.js';
import { countryFromAcceptLanguage } from './country-from-language.js';

/** SPEC §7 arena calls; their meaning is decided in docs/live-games.md. */
@ApiTags('arena')
@Controller('arena')
export class ArenaController {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly counters: LiveCounters,
  ) {}

  @Get(':matchId/audit')
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({ summary: "A ranked match checked from its events: the round plan against its committed hash, every round, damage and Elo recomputed (docs/audit.md); while it is on, only the commitment" })
  @ZodResponse(200, matchAuditResponseSchema)
  @ApiErrors(404)
  async audit(@CurrentPrincipal('optional') principal: Principal | undefined, @Param('matchId') matchId: string) {
    const loaded = await loadMatchAudit(this.events, matchId);
    // A ghost duel on a challenge's rounds is audited by its player alone (docs/ghost-duels.md).
    if (!loaded || (loaded.privateTo !== undefined && loaded.privateTo !== principal?.uid)) throw notFound(`no ranked arena match ${matchId}`);
    const { privateTo: _privateTo, ...response } = loaded;
    return response;
  }

  @Get('nplayers')
  @ApiOperation({ summary: 'Players in the arena (queued or in a match) and in the duels lobby' })
  @ZodResponse(200, countersSchema)
  nplayers() {
    return this.counters.current();
  }

  @Get('calcRating')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'What a win, a draw and a loss against a player would change your rating by' })
  @ApiQuery({ name: 'opponentId', required: true })
  @ZodResponse(200, ratingPreviewSchema)
  @ApiErrors(400, 401, 404)
  async calcRating(@CurrentPrincipal() principal: Principal, @Query() query: unknown) {
    const { opponentId } = parseInput(z.object({ opponentId: z.string().min(1) }), query, 'query');
    const opponent = await arenaRating(this.reads, opponentId);
    if (!opponent) throw notFound(`no player ${opponentId}`);
    const rating = (await arenaRating(this.reads, principal.uid))?.elo ?? LIVE.eloStart;
    const change = (score: 0 | 0.5 | 1) => eloDelta(rating, opponent.elo, score);
    return { rating, opponentRating: opponent.elo, win: change(1), draw: change(0.5), loss: change(0) };
  }

  @Get('getEloRank/:id')
  @ApiOperation({ summary: "A signed-up player's arena rating and rank among rated players" })
  @ZodResponse(200, eloRankSchema)
  @ApiErrors(404)
  async getEloRank(@Param('id') id: string) {
    const rank = await eloRank(this.reads, id);
    if (!rank) throw notFound(`no rated player ${id}`);
    return rank;
  }

  @Get('getCountry')
  @ApiOperation({ summary: "The requester's country from their preferred language's region (no IP lookup)" })
  @ZodResponse(200, countryAnswerSchema)
  getCountry(@Headers('accept-language') acceptLanguage?: string) {
    return { countryCode: countryFromAcceptLanguage(acceptLanguage) };
  }
}
