import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { generatorRunViewSchema, mapEntrySchema, saveGeneratedMapRequestSchema, startGeneratorRunRequestSchema } from '@globetrail/contracts';
import { parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { GeneratorService } from './generator.service.js';

/** The generator tool: runs that look for coverage in a region, and the maps saved from them. */
@ApiTags('generator')
@ApiSecurity(IDENTITY_SECURITY_SCHEME)
@UseGuards(AuthGuard)
@Controller('generator/runs')
export class GeneratorController {
  constructor(private readonly generator: GeneratorService) {}

  @Post()
  @ApiOperation({ summary: 'Start sampling a country or a drawn polygon for places the configured online provider has pictures of' })
  @ZodBody(startGeneratorRunRequestSchema)
  @ZodResponse(201, generatorRunViewSchema)
  @ApiErrors(400, 401, 409, 429, 503)
  start(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return this.generator.start(principal.uid, parseInput(startGeneratorRunRequestSchema, body));
  }

  @Get(':runId')
  @ApiOperation({ summary: "A run's progress and the positions it found, for its owner only" })
  @ZodResponse(200, generatorRunViewSchema)
  @ApiErrors(401, 404)
  view(@CurrentPrincipal() principal: Principal, @Param('runId') runId: string) {
    return this.generator.view(principal.uid, runId);
  }

  @Post(':runId/stop')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop a run, keeping what it found; a run that has ended stays as it ended' })
  @ZodResponse(200, generatorRunViewSchema)
  @ApiErrors(401, 404)
  stop(@CurrentPrincipal() principal: Principal, @Param('runId') runId: string) {
    return this.generator.stop(principal.uid, runId);
  }

  @Post(':runId/map')
  @ApiOperation({ summary: 'Save a done or stopped run (at least 5 locations) as a map; saving again answers the same map' })
  @ZodBody(saveGeneratedMapRequestSchema)
  @ZodResponse(201, mapEntrySchema)
  @ApiErrors(400, 401, 404, 409)
  save(@CurrentPrincipal() principal: Principal, @Param('runId') runId: string, @Body() body: unknown) {
    return this.generator.save(principal.uid, runId, parseInput(saveGeneratedMapRequestSchema, body));
  }
}
