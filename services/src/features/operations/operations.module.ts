import { Module } from '@nestjs/common';
import { OperationsController } from './operations.controller.js';
import { RebuildJobs } from './rebuild-jobs.js';

/** `GET /ops/projections`, `POST /ops/verify` and `/ops/rebuild` for operators, in the api role. */
@Module({ controllers: [OperationsController], providers: [RebuildJobs] })
export class OperationsModule {}
