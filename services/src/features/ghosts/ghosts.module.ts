import { Module } from '@nestjs/common';
import { GhostsController } from './ghosts.controller.js';

@Module({ controllers: [GhostsController] })
export class GhostsModule {}
