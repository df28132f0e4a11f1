import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';

/** `GET /health/live`, `GET /health/ready` and `GET /metrics`, in every role. */
@Module({ controllers: [HealthController, MetricsController] })
export class HealthModule {}
