import { Module } from '@nestjs/common';
import { ImageryStatusController } from './imagery-status.controller.js';
import { PanoramaController } from './panorama.controller.js';

@Module({ controllers: [PanoramaController, ImageryStatusController] })
export class PanoramaModule {}
