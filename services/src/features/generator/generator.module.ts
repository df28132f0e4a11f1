import { Module } from '@nestjs/common';
import { GeneratorController } from './generator.controller.js';
import { GeneratorService } from './generator.service.js';
import { MapsController } from './maps.controller.js';

@Module({
  controllers: [GeneratorController, MapsController],
  providers: [GeneratorService],
})
export class GeneratorModule {}
