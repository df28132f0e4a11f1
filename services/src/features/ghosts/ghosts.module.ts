import { Module } from '@nestjs/common';
import { GhostsController } from './ghosts.controller.js';
import { PlayerDuelsController } from './player-duels.controller.js';

@Module({ controllers: [GhostsController, PlayerDuelsController] })
export class GhostsModule {}
