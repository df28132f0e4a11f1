import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  leaderboardFilterKey,
  leaderboardMeSchema,
  leaderboardPageSchema,
  leaderboardQuerySchema,
  type LeaderboardQueryInput,
  type LeaderboardSort,
  leaderboardSortSchema,
  leaderboardSortValues,
  roundSorts,
} from '@globetrail/contracts';
import { ApiException, parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { CLOCK, READ_STORE } from '../../app/tokens.js';
import { CurrentPrincipal, IDENTITY_SECURITY_SCHEME, RequireSignedIn } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import type { Clock } from '../../platform/time/clock.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { type LeaderboardScope, leaderboardPage, myLeaderboardEntry } from '../../projections/leaderboards/leaderboards.queries.js';

/**
 * The leaderboards (route leaderboard/{leaderboardSortBy}; docs/leaderboards.md): seven sorts, a UTC time
 * period and one round filter at a time, each a page of signed-up players and "my rank".
 */
@ApiTags('leaderboard')
@Controller('leaderboard')
export class LeaderboardController {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get(':sortBy')
  @ApiOperation({ summary: 'A page of signed-up players on one sort, period and round filter; ties share a rank' })
  @ApiParam({ name: 'sortBy', enum: leaderboardSortValues })
  @ZodResponse(200, leaderboardPageSchema)
  @ApiErrors(400)
  page(@Param('sortBy') sortBy: string, @Query() query: unknown) {
    const { scope, page, pageSize } = this.scope(sortBy, query);
    return leaderboardPage(this.reads, scope, page, pageSize);
  }

  @Get(':sortBy/me')
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Your rank and figures on one sort, period and round filter (null while you have none there)' })
  @ApiParam({ name: 'sortBy', enum: leaderboardSortValues })
  @ZodResponse(200, leaderboardMeSchema)
  @ApiErrors(400, 401, 403)
  me(@Param('sortBy') sortBy: string, @Query() query: unknown, @CurrentPrincipal() principal: Principal) {
    return myLeaderboardEntry(this.reads, this.scope(sortBy, query).scope, principal.uid);
  }

  private scope(sortBy: string, query: unknown): { scope: LeaderboardScope; page: number; pageSize: number } {
    const sort = leaderboardSortSchema.safeParse(sortBy);
    if (!sort.success) throw new ApiException(400, 'validation_failed', `sortBy: one of ${leaderboardSortValues.join(', ')}`, 'sortBy');
    const parsed: LeaderboardQueryInput = parseInput(leaderboardQuerySchema, query, 'query');
    const filter = leaderboardFilterKey(parsed);
    assertApplies(sort.data, parsed, filter);
    return { scope: { sortBy: sort.data, period: parsed.period, filter, now: new Date(this.clock.now()) }, page: parsed.page, pageSize: parsed.pageSize };
  }
}

/** Elo and the daily-challenge streak belong to the player, not to rounds: all time, no round filter. */
function assertApplies(sortBy: LeaderboardSort, query: LeaderboardQueryInput, filter: string): void {
  if (roundSorts.has(sortBy)) return;
  if (query.period !== 'all') throw new ApiException(400, 'validation_failed', `period: ${sortBy} is all-time only`, 'period');
  if (filter !== 'all') throw new ApiException(400, 'validation_failed', `${filter.split(':')[0]}: ${sortBy} has no round filters`, filterField(filter));
}

function filterField(filter: string): string {
  const kind = filter.split(':')[0];
  return { country: 'country', coverage: 'mapCoverage', urbanRural: 'mapUrbanRural', coastalInland: 'mapCoastalInland', focus: 'mapRegionalFocusByCountry', streak: 'countryStreakOnly' }[kind ?? ''] ?? 'query';
}
