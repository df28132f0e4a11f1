import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiException } from '../../api/api-error.js';
import type { AppConfig } from '../../config/config.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, EVENT_STORE, METRICS, READ_STORE } from '../../app/tokens.js';
import { tokenFromAuthorizationHeader } from '../../identity/identity.port.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { allProjections } from '../../projections/all-projections.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a scrape may read the metrics (they describe the server's load and its players' activity): with
 * METRICS_TOKEN, a request bearing it (`Authorization: Bearer …`, as Prometheus' `authorization` sends it);
 * without, a caller on this machine (the connection's own address, and the client's through trusted
 * proxies, both loopback), which is what `npm start`'s operator has.
 */
export function mayScrape(request: Request, token: string | null): boolean {
  if (token !== null) {
    const sent = tokenFromAuthorizationHeader(request.headers.authorization);
    if (sent === null) return false;
    const [a, b] = [Buffer.from(sent), Buffer.from(token)];
    return a.length === b.length && timingSafeEqual(a, b);
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip ?? '');
}

/** Prometheus' text format (prom-client's registry); each read model's lag is measured on the scrape. */
@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: "Prometheus metrics: appends, commands' time, sockets, push latency, read models' lag, process. With METRICS_TOKEN set, send it as a bearer token; without, callers on the server's own machine only (403 otherwise)" })
  async scrape(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    if (!mayScrape(request, this.config.metricsToken)) {
      throw new ApiException(403, 'forbidden', this.config.metricsToken === null ? 'the metrics answer callers on this machine only; set METRICS_TOKEN to scrape from elsewhere' : 'Authorization: send METRICS_TOKEN as a bearer token', this.config.metricsToken === null ? undefined : 'Authorization');
    }
    // Set here rather than on the route, so that a refusal goes out as the JSON error it is.
    response.setHeader('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    const [head] = await this.events.readAll({ direction: 'backwards', maxCount: 1 });
    const checkpoints = await Promise.all(allProjections.map(async ({ name }) => [name, await this.reads.checkpoint(name)] as const));
    for (const [name, checkpoint] of checkpoints) {
      const lag = head ? head.position - (checkpoint ?? -1n) : 0n;
      this.metrics.projectionLag.set({ projection: name }, Number(lag > 0n ? lag : 0n));
    }
    return this.metrics.text();
  }
}
