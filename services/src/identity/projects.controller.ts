import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type IdentityProject, identityProjectSchema } from '@globetrail/contracts';
import { ZodResponse } from '../api/openapi.js';

export const AUTHORIZED_DOMAINS = 'globetrail:identity:authorized-domains';

/**
 * SPEC §7 GET /v1/projects: the identity service's domain check. The sign-in form refuses to work on a host
 * not listed (SPEC §8's unauthorized-domain), so a copy of the game framed or served elsewhere cannot collect
 * passwords. AUTHORIZED_DOMAINS unset: every host ("*").
 */
@ApiTags('auth')
@Controller('v1')
export class ProjectsController {
  constructor(@Inject(AUTHORIZED_DOMAINS) private readonly domains: readonly string[] | null) {}

  @Get('projects')
  @ApiOperation({ summary: 'The identity domain check: the host names where signing in is allowed ("*": any)' })
  @ZodResponse(200, identityProjectSchema)
  project(): IdentityProject {
    return { projectId: 'globetrail-embedded', authorizedDomains: this.domains ? [...this.domains] : ['*'] };
  }
}
