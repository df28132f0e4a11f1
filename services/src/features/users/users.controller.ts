import { Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { deleteUserResponseSchema, nameAndImageSchema, publicProfileViewSchema, userProfileViewSchema } from '@globetrail/contracts';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { CreateUser, DeleteUser, GetNameAndImage, GetOwnProfile, GetPublicProfile } from './users.messages.js';

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

  @Get('profile')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "The signed-in player's own profile with rank and level" })
  @ZodResponse(200, userProfileViewSchema)
  @ApiErrors(401, 404)
  profile(@CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new GetOwnProfile(principal.uid));
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
