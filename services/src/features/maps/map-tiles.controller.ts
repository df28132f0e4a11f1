import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type TileCopyright, tileCopyrightSchema } from '@globetrail/contracts';
import { ZodResponse } from '../../api/openapi.js';
import { APP_CONFIG } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';

/** What the offline map types draw: Natural Earth's borders, coastlines and land (public domain). */
export const OFFLINE_MAP_COPYRIGHT = 'Borders and coastlines: Natural Earth (public domain)';

/**
 * SPEC §7's `GET /map/googleapis/tile` (the name is SPEC's): the attribution of the map the client draws.
 * Ours draws no Google tiles: the offline map types use Natural Earth, and map type 2 uses MAP_STYLE_URL
 * when one is configured, with MAP_STYLE_ATTRIBUTION.
 */
@ApiTags('maps')
@Controller('map/googleapis')
export class MapTilesController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('tile')
  @ApiOperation({ summary: "The map tiles' copyright text" })
  @ZodResponse(200, tileCopyrightSchema)
  tile(): TileCopyright {
    const online = this.config.onlineMapStyleUrl ? ` · Map type 2: ${this.config.onlineMapStyleAttribution}` : '';
    return { copyright: `${OFFLINE_MAP_COPYRIGHT}${online}` };
  }
}
