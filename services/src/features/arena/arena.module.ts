import { Module } from '@nestjs/common';
import { LiveCountersModule } from '../live/live-counters.module.js';
import { ArenaController } from './arena.controller.js';

@Module({ imports: [LiveCountersModule], controllers: [ArenaController] })
export class ArenaModule {}
