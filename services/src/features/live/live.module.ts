import { Module } from '@nestjs/common';
import { GameGateway } from './game.gateway.js';
import { GameRooms } from './game-rooms.js';
import { LiveCountersModule } from './live-counters.module.js';
import { ProfileGateway } from './profile.gateway.js';
import { RoomsGateway } from './rooms.gateway.js';

/** The gateway role: the Socket.IO gateways and the game views they push. */
@Module({
  imports: [LiveCountersModule],
  providers: [ProfileGateway, GameGateway, RoomsGateway, GameRooms],
})
export class LiveModule {}
