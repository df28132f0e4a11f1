import { randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clientErrorReportSchema, streamName } from '@globetrail/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { parseInput } from '../../api/api-error.js';
import { ApiErrors } from '../../api/openapi.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { tooManyRequests } from '../../platform/rate-limit/rate-limit.guard.js';
import { RATE_LIMITS, RateLimitedError, RateLimits } from '../../platform/rate-limit/rate-limits.js';
import { clientErrorDecider } from '../../domain/reports/client-error.decider.js';
import { CurrentPrincipal, OptionalAuthGuard } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';

/** A browser in trouble may fail in a loop: 10 reports a minute per address and per player are kept. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = RATE_LIMITS.clientErrorReport.address.points;

const reportIdSchema = z.object({ 'x-report-id': z.uuid().optional() });

/**
 * SPEC §8 error reporting, our own collector: each failure a browser sends becomes a `ClientErrorReported`
 * event, which operators read in GET /ops/reports. The client leaves out what SPEC §8 excludes.
 */
@ApiTags('client')
@Controller('client-errors')
export class ClientErrorsController {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  @Post()
  @HttpCode(202)
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary: 'Report a failure the browser met (kept for operators); 10 a minute per address and per player',
    description: 'Body: { kind, name, message, stack, page, release }. An X-Report-Id (UUID) makes a resent report count once.',
  })
  @ApiErrors(400, 429)
  async report(
    @Body() body: unknown,
    @Headers() headers: Record<string, string | undefined>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentPrincipal('optional') principal: Principal | undefined,
  ): Promise<{ recorded: true; reportId: string }> {
    const report = parseInput(clientErrorReportSchema, body);
    const reportId = parseInput(reportIdSchema, { 'x-report-id': headers['x-report-id'] }, 'X-Report-Id')['x-report-id'] ?? randomUUID();
    try {
      await this.limits.consume('clientErrorReport', { player: principal?.uid ?? null, address: request.ip ?? null });
    } catch (error) {
      if (error instanceof RateLimitedError) throw tooManyRequests(error, response);
      throw error;
    }
    const userId = principal?.uid ?? null;
    const command = { type: 'ReportClientError', reportId, userId, report, userAgent: headers['user-agent'] ?? '' } as const;
    await this.executor.execute(streamName.clientError(reportId), clientErrorDecider, command, { actor: userId ?? 'anonymous', readModels: [] });
    return { recorded: true, reportId };
  }
}
