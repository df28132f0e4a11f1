import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';

/** `GET /health/live` and `GET /health/ready`, in every role. */
@Module({ controllers: [HealthController] })
export class HealthModule {}
