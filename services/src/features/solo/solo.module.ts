import { Module } from '@nestjs/common';
import { SoloController } from './solo.controller.js';
import { GetSoloGameHandler, PlaceSoloGuessHandler, StartSoloGameHandler, StartSoloRoundHandler } from './solo.handlers.js';

@Module({
  controllers: [SoloController],
  providers: [StartSoloGameHandler, StartSoloRoundHandler, PlaceSoloGuessHandler, GetSoloGameHandler],
})
export class SoloModule {}
