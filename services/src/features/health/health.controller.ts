import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, EVENT_STORE, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

/** How long a readiness check waits for a store before calling it down. */
const CHECK_TIMEOUT_MS = 2_000;

type Check = 'ok' | string;

/**
 * Liveness and readiness for every role (Kubernetes probes, compose health checks): live while the process
 * answers; ready once the stores it needs answer. Both are cheap reads, never a write.
 */
@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  @Get('live')
  @HttpCode(200)
  @ApiOperation({ summary: 'The process is up (liveness probe)' })
  live() {
    return { status: 'live', roles: [...this.config.roles] };
  }

  @Get('ready')
  @ApiOperation({ summary: 'The stores this process needs answer (readiness probe); 503 with the failing check otherwise' })
  async ready(@Res({ passthrough: true }) response: Response) {
    const [eventStore, readStore] = await Promise.all([
      check(() => this.events.readAll({ direction: 'backwards', maxCount: 1 })),
      check(() => this.reads.checkpoint('user-profile')),
    ]);
    const ready = eventStore === 'ok' && readStore === 'ok';
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', roles: [...this.config.roles], checks: { eventStore, readStore } };
  }
}

async function check(probe: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([probe(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)))]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}
