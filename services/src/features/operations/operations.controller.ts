import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiException, badRequest, parseInput } from '../../api/api-error.js';
import { exportLines, importLog } from '../../ops/event-log-file.js';
import { RebuildJobs } from './rebuild-jobs.js';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { CurrentPrincipal, IDENTITY_SECURITY_SCHEME, RequireSignedIn } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { projectionStatus } from '../../ops/projection-status.js';
import { verifyReadModels } from '../../ops/verify.js';
import { type EventStore, WrongExpectedRevisionError } from '../../platform/event-store/event-store.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { allProjections } from '../../projections/all-projections.js';
import { operatorReports } from '../../projections/operator-reports/operator-reports.queries.js';
import { operatorReportsSchema } from '@globetrail/contracts';
import { ZodResponse } from '../../api/openapi.js';

/** Resolves once the response can take more, or has closed; leaves no listener behind. */
function drainedOrClosed(response: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

const reportsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

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
    return rows.map(({ name, checkpoint, lag, documents, generation, building, version, currentVersion }) => ({ name, checkpoint: checkpoint?.toString() ?? null, lag: lag.toString(), documents, generation, building, version, currentVersion }));
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

  @Get('export')
  @ApiOperation({
    summary:
      'The event log as JSON lines (the CLI export format), streamed; `after` resumes after a position. Trailers give the SHA-256 of the lines sent, their count and the last position (operators only)',
  })
  async export(@CurrentPrincipal() principal: Principal, @Query() query: unknown, @Res() response: Response): Promise<void> {
    this.assertOperator(principal);
    const { after } = parseInput(z.object({ after: z.string().regex(/^\d+$/, 'after must be an event position (digits)').optional() }), query, 'query');
    response.status(200);
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('Trailer', 'X-Export-SHA256, X-Export-Events, X-Export-Last-Position');
    const hash = createHash('sha256');
    let events = 0;
    let last: bigint | null = after === undefined ? null : BigInt(after);
    for await (const { line, position } of exportLines(this.events, last)) {
      // A client that went away stops the export; it resumes with `after` = the last whole line's position.
      if (response.destroyed) return;
      hash.update(line);
      if (!response.write(line)) await drainedOrClosed(response);
      events += 1;
      last = position;
    }
    response.addTrailers({ 'X-Export-SHA256': hash.digest('hex'), 'X-Export-Events': String(events), 'X-Export-Last-Position': last?.toString() ?? '' });
    response.end();
  }

  @Post('import')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Appends an export (JSON lines, Content-Type application/x-ndjson) to the event store; X-Export-SHA256 must be the body's SHA-256, checked before anything is appended. Safe to send again (operators only)",
  })
  async import(@CurrentPrincipal() principal: Principal, @Headers('x-export-sha256') expected: string | undefined, @Req() request: Request) {
    this.assertOperator(principal);
    if (!expected || !/^[0-9a-f]{64}$/.test(expected)) throw badRequest('X-Export-SHA256', "send the export's SHA-256 (64 hex digits, as in its .sha256 file) in the X-Export-SHA256 header");
    if (!request.is('application/x-ndjson')) throw new ApiException(415, 'unsupported_media_type', 'body: send the export as Content-Type: application/x-ndjson', 'body');
    const dir = mkdtempSync(join(tmpdir(), 'globetrail-import-'));
    try {
      const file = join(dir, 'import.jsonl');
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(request, hashing, createWriteStream(file));
      const actual = hash.digest('hex');
      if (actual !== expected) throw badRequest('X-Export-SHA256', `the body's SHA-256 is ${actual}, not ${expected}: it changed or is incomplete; nothing was imported`);
      writeFileSync(`${file}.sha256`, `${actual}  ${file}\n`);
      try {
        return await importLog(this.events, file);
      } catch (error) {
        if (error instanceof Error && /^line \d+:/.test(error.message)) throw badRequest('body', `${error.message}; nothing was imported`);
        if (error instanceof WrongExpectedRevisionError) {
          throw new ApiException(409, 'conflict', `stream ${error.streamId} already holds other events (at revision ${String(error.actual)}): import into an empty store or the one the export came from; the events before it were appended`);
        }
        throw error;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  @Get('reports')
  @ApiOperation({ summary: 'Developer Tools reports per player and the newest client failures (operators only; ?limit= up to 200)' })
  @ZodResponse(200, operatorReportsSchema)
  async reports(@CurrentPrincipal() principal: Principal, @Query('limit') limit: unknown) {
    this.assertOperator(principal);
    const { limit: shown } = parseInput(reportsQuerySchema, { limit }, 'query');
    return operatorReports(this.reads, shown);
  }

  private assertOperator(principal: Principal): void {
    if (!this.config.operators.has(principal.uid)) throw new ApiException(403, 'not_an_operator', 'operators only: ask for your player id to be added to OPERATORS');
  }
}
