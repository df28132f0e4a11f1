import { Module } from '@nestjs/common';
import { PanoramaController } from './panorama.controller.js';

@Module({ controllers: [PanoramaController] })
export class PanoramaModule {}
