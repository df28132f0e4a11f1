import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { notFound } from '../../api/api-error.js';
import { ApiErrors } from '../../api/openapi.js';
import { HOUSE_ADS } from '../../app/tokens.js';
import type { HouseAds } from './house-ads.js';

/** House ads' pictures (docs/ads.md), served from this site so that no ad reaches a third party. */
@ApiTags('client')
@Controller('ads/house')
export class HouseAdsController {
  constructor(@Inject(HOUSE_ADS) private readonly houseAds: HouseAds | null) {}

  @Get(':id')
  @ApiOperation({ summary: "A house ad's picture (only when the operator set ADS_HOUSE_FILE)" })
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiErrors(404)
  picture(@Param('id') id: string, @Res() response: Response): void {
    const picture = this.houseAds?.pictures.get(id);
    if (!picture) throw notFound('no such house ad');
    response.setHeader('Content-Type', picture.contentType);
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.end(picture.body);
  }
}
