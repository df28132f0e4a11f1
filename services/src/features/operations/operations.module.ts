import { Module } from '@nestjs/common';
import { OperationsController } from './operations.controller.js';

/** `GET /ops/projections` and `POST /ops/verify` for operators, in the api role. */
@Module({ controllers: [OperationsController] })
export class OperationsModule {}
