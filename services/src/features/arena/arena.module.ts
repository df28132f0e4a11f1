import { Module } from '@nestjs/common';
import { ArenaController } from './arena.controller.js';

@Module({ controllers: [ArenaController] })
export class ArenaModule {}
