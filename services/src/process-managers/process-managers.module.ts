import { Module } from '@nestjs/common';
import { ArenaMatchmaker } from './arena-matchmaker.js';
import { ArenaRatings } from './arena-ratings.js';
import { RoundTimers } from './round-timers.js';

/** The process-manager role: round timers, arena matchmaking and ratings. */
@Module({ providers: [RoundTimers, ArenaMatchmaker, ArenaRatings] })
export class ProcessManagersModule {}
