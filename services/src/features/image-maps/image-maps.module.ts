import { Module } from '@nestjs/common';
import { ImageMapsController } from './image-maps.controller.js';

@Module({ controllers: [ImageMapsController] })
export class ImageMapsModule {}
