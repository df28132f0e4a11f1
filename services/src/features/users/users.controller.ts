import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  cheatingReportRequestSchema,
  cheatingReportResponseSchema,
  deleteUserResponseSchema,
  nameAndImageSchema,
  profileChangesSchema,
  publicProfileViewSchema,
  statsGroupSchema,
  statsGroupValues,
  timePeriodSchema,
  timePeriodValues,
  userProfileViewSchema,
  userStatsSchema,
} from '@globetrail/contracts';
import { badRequest, parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { CreateUser, ReportCheating, DeleteUser, GetNameAndImage, GetOwnProfile, GetProfileChanges, GetPublicProfile, GetUserStats } from './users.messages.js';

/** SPEC §7 user calls, at their exact paths. */
@ApiTags('user')
@Controller('user')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('create')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Create (or, after sign-up, register) the signed-in player; idempotent' })
  @ZodResponse(201, userProfileViewSchema)
  @ApiErrors(401, 403)
  create(@CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new CreateUser(principal));
  }

  @Post('cheating-report')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'SPEC §8: Developer Tools were seen open; recorded on the player\'s stream (signed-up players, once a minute)' })
  @ZodResponse(200, cheatingReportResponseSchema)
  @ApiErrors(400, 401, 403, 404)
  cheatingReport(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    parseInput(cheatingReportRequestSchema, body);
    return this.commands.execute(new ReportCheating(principal.uid));
  }

  @Get('profile')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "The signed-in player's own profile with rank and level" })
  @ZodResponse(200, userProfileViewSchema)
  @ApiErrors(401, 404)
  profile(@CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new GetOwnProfile(principal.uid));
  }

  @Get('profile/changed')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Whether your profile changed since the version you hold (?since=); the profile only when it did' })
  @ZodResponse(200, profileChangesSchema)
  @ApiErrors(401, 404)
  profileChanged(@CurrentPrincipal() principal: Principal, @Query('since') since: unknown) {
    return this.queries.execute(new GetProfileChanges(principal.uid, typeof since === 'string' && since.length > 0 ? since : null));
  }

  @Get('userstats/:id')
  @ApiOperation({ summary: "A signed-up player's stats, all time, grouped by game day (SPEC's defaults t = all, g = g)" })
  @ZodResponse(200, userStatsSchema)
  @ApiErrors(404)
  statsDefault(@Param('id') id: string) {
    return this.stats(id, 'all', 'g');
  }

  @Get('userstats/:id/:t')
  @ApiOperation({ summary: "A signed-up player's stats over a period (t: all, month, week, day), grouped by game day" })
  @ZodResponse(200, userStatsSchema)
  @ApiErrors(400, 404)
  statsPeriod(@Param('id') id: string, @Param('t') t: string) {
    return this.stats(id, t, 'g');
  }

  @Get('userstats/:id/:t/:g')
  @ApiOperation({ summary: "A signed-up player's stats over a period (t: all, month, week, day), the chart grouped by g: g game day, w week, m month" })
  @ZodResponse(200, userStatsSchema)
  @ApiErrors(400, 404)
  statsGrouped(@Param('id') id: string, @Param('t') t: string, @Param('g') g: string) {
    return this.stats(id, t, g);
  }

  private stats(id: string, t: string, g: string) {
    const period = timePeriodSchema.safeParse(t);
    if (!period.success) throw badRequest('t', `one of ${timePeriodValues.join(', ')}`);
    const group = statsGroupSchema.safeParse(g);
    if (!group.success) throw badRequest('g', `one of ${statsGroupValues.join(', ')} (game day, week, month)`);
    return this.queries.execute(new GetUserStats(id, period.data, group.data));
  }

  @Get('profile/public/:id')
  @ApiOperation({ summary: "A signed-up player's public profile; anonymous players have none (404)" })
  @ZodResponse(200, publicProfileViewSchema)
  @ApiErrors(404)
  publicProfile(@Param('id') id: string) {
    return this.queries.execute(new GetPublicProfile(id));
  }

  @Get('profile/NameAndImage/:id')
  @ApiOperation({ summary: "A player's display name and photo; unknown ids answer name 'Unknown'" })
  @ZodResponse(200, nameAndImageSchema)
  nameAndImage(@Param('id') id: string) {
    return this.queries.execute(new GetNameAndImage(id));
  }

  @Get('delete')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Delete the signed-in player: profile, leaderboard entry and sign-in account' })
  @ZodResponse(200, deleteUserResponseSchema)
  @ApiErrors(401)
  delete(@CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new DeleteUser(principal.uid));
  }
}
