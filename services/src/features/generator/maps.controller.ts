import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { mapSummarySchema } from '@globetrail/contracts';
import { notFound } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { MAP_CATALOG } from '../../app/tokens.js';
import type { MapCatalog } from '../../maps/map-catalog.js';

@ApiTags('generator')
@Controller('maps')
export class MapsController {
  constructor(@Inject(MAP_CATALOG) private readonly maps: MapCatalog) {}

  @Get(':mapId')
  @ApiOperation({ summary: "A map's name, size, region and creator (the built-in world map too); never its locations" })
  @ZodResponse(200, mapSummarySchema)
  @ApiErrors(404)
  async summary(@Param('mapId') mapId: string) {
    const summary = await this.maps.summary(mapId);
    if (!summary) throw notFound(`no map ${mapId}`);
    return summary;
  }
}
