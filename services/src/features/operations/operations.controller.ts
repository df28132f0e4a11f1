import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiException, parseInput } from '../../api/api-error.js';
import { RebuildJobs } from './rebuild-jobs.js';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { CurrentPrincipal, IDENTITY_SECURITY_SCHEME, RequireSignedIn } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { projectionStatus } from '../../ops/projection-status.js';
import { verifyReadModels } from '../../ops/verify.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { allProjections } from '../../projections/all-projections.js';

const rebuildRequestSchema = z.object({
  projection: z.enum(['all', ...allProjections.map((projection) => projection.name)] as [string, ...string[]], {
    message: `projection must be "all" or one of ${allProjections.map((projection) => projection.name).join(', ')}`,
  }),
});

/** At most this many differences in a verify answer; the count says how many there were. */
const SHOWN_DIFFERENCES = 100;

/**
 * The operator CLI's read-only checks over HTTP, for operators named in OPERATORS (signed-up player ids):
 * the same code as `npm run ops -- projections` and `verify`. Positions travel as decimal text.
 */
@ApiTags('operations')
@ApiSecurity(IDENTITY_SECURITY_SCHEME)
@Controller('ops')
@UseGuards(RequireSignedIn)
export class OperationsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly rebuilds: RebuildJobs,
  ) {}

  @Get('projections')
  @ApiOperation({ summary: "Each read model's checkpoint, lag behind the event store, and document count (operators only)" })
  async projections(@CurrentPrincipal() principal: Principal) {
    this.assertOperator(principal);
    const rows = await projectionStatus(this.events, this.reads, allProjections);
    return rows.map(({ name, checkpoint, lag, documents, generation, building }) => ({ name, checkpoint: checkpoint?.toString() ?? null, lag: lag.toString(), documents, generation, building }));
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rebuild every read model into a scratch store and compare it with the live one (operators only; takes a while)' })
  async verify(@CurrentPrincipal() principal: Principal) {
    this.assertOperator(principal);
    const report = await verifyReadModels(this.events, this.reads, allProjections);
    return {
      position: report.position?.toString() ?? null,
      compared: report.compared,
      differenceCount: report.differences.length,
      differences: report.differences.slice(0, SHOWN_DIFFERENCES),
    };
  }

  @Post('rebuild')
  @HttpCode(202)
  @ApiOperation({ summary: 'Start a blue/green rebuild of one read model or all; reads go on meanwhile (operators only)' })
  rebuild(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    this.assertOperator(principal);
    const { projection } = parseInput(rebuildRequestSchema, body);
    const chosen = projection === 'all' ? allProjections : allProjections.filter((p) => p.name === projection);
    return this.rebuilds.start(chosen);
  }

  @Get('rebuild')
  @ApiOperation({ summary: "The running rebuild's progress, or the last one's outcome; null when none ran (operators only)" })
  rebuildStatus(@CurrentPrincipal() principal: Principal) {
    this.assertOperator(principal);
    return { rebuild: this.rebuilds.view() };
  }

  private assertOperator(principal: Principal): void {
    if (!this.config.operators.has(principal.uid)) throw new ApiException(403, 'not_an_operator', 'operators only: ask for your player id to be added to OPERATORS');
  }
}
