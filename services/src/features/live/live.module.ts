import { Module } from '@nestjs/common';
import { GameGateway } from './game.gateway.js';
import { GameRooms } from './game-rooms.js';
import { LiveCounters } from './live-counters.js';
import { ProfileGateway } from './profile.gateway.js';
import { RoomsGateway } from './rooms.gateway.js';

@Module({
  providers: [ProfileGateway, GameGateway, RoomsGateway, GameRooms, LiveCounters],
  exports: [LiveCounters],
})
export class LiveModule {}
