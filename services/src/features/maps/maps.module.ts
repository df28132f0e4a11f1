import { Module } from '@nestjs/common';
import { PanoramaModule } from '../panorama/panorama.module.js';
import { MapAuthoringController } from './map-authoring.controller.js';
import { MapLocationsController } from './map-locations.controller.js';
import { MapTilesController } from './map-tiles.controller.js';
import { MapsCatalogController } from './maps-catalog.controller.js';

@Module({
  imports: [PanoramaModule],
  controllers: [MapsCatalogController, MapAuthoringController, MapLocationsController, MapTilesController],
})
export class MapsModule {}
