import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { EVENT_STORE, METRICS, READ_STORE } from '../../app/tokens.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { allProjections } from '../../projections/all-projections.js';

/** Prometheus' text format (prom-client's registry); each read model's lag is measured on the scrape. */
@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  @Get()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "Prometheus metrics: appends, commands' time, sockets, push latency, read models' lag, process" })
  async scrape(): Promise<string> {
    const [head] = await this.events.readAll({ direction: 'backwards', maxCount: 1 });
    const checkpoints = await Promise.all(allProjections.map(async ({ name }) => [name, await this.reads.checkpoint(name)] as const));
    for (const [name, checkpoint] of checkpoints) {
      const lag = head ? head.position - (checkpoint ?? -1n) : 0n;
      this.metrics.projectionLag.set({ projection: name }, Number(lag > 0n ? lag : 0n));
    }
    return this.metrics.text();
  }
}
