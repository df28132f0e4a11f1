import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module.js';
import { ArenaController } from './arena.controller.js';

@Module({ imports: [LiveModule], controllers: [ArenaController] })
export class ArenaModule {}
