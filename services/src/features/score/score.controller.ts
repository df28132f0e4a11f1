import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { scoreSubmissionResponseSchema, scoreSubmissionSchema } from '@globetrail/contracts';
import { parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { CurrentPrincipal, IDENTITY_SECURITY_SCHEME, RequireSignedIn } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { SubmitScore } from './score.handlers.js';
import { RateLimit, RateLimitGuard } from '../../platform/rate-limit/rate-limit.guard.js';

@ApiTags('score')
@Controller('score')
export class ScoreController {
  constructor(private readonly commands: CommandBus) {}

  @Post('submit')
  @HttpCode(200)
  @UseGuards(RequireSignedIn, RateLimitGuard)
  @RateLimit('guess')
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({
    summary: "Add a played round's points to the signed-in player's total",
    description: 'The server scores the round from its stored target; a payload that disagrees is refused with a 400 naming the field. A target is scored once (409 already_submitted). A round on imagery that is not answer-blind (Google Street View) is never ranked (409 unranked_imagery).',
  })
  @ZodBody(scoreSubmissionSchema)
  @ZodResponse(200, scoreSubmissionResponseSchema)
  @ApiErrors(400, 401, 403, 404, 409, 429)
  submit(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return this.commands.execute(new SubmitScore(principal, parseInput(scoreSubmissionSchema, body)));
  }
}
