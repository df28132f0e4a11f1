import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiException, notFound } from '../../api/api-error.js';
import { ApiErrors } from '../../api/openapi.js';
import { IMAGERY, READ_STORE } from '../../app/tokens.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { ImageryUnavailableError } from '../../imagery/imagery.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { roundPanorama } from '../../projections/round-panoramas/round-panoramas.queries.js';

/**
 * Serves a round's picture under its opaque token. The answer-blind promise lives here: the response is
 * image bytes only, with no provider id, coordinates or validators that could tie it to a place.
 */
@ApiTags('single player')
@Controller('pano')
export class PanoramaController {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
  ) {}

  @Get(':token')
  @ApiOperation({ summary: "A round's equirectangular picture, by the opaque token in its panoramaUrl" })
  @ApiProduces('image/jpeg')
  @ApiErrors(404, 503)
  async image(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const panorama = await roundPanorama(this.reads, token);
    if (!panorama) throw notFound('no such panorama');
    try {
      const image = await this.imagery.fetchImage(panorama.provider, panorama.imageId);
      response.setHeader('Content-Type', image.contentType);
      response.setHeader('Cache-Control', 'private, max-age=86400, immutable');
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.end(image.body);
    } catch (error) {
      if (error instanceof ImageryUnavailableError) throw new ApiException(503, 'no_imagery', 'the picture for this round is unavailable right now; try again');
      throw error;
    }
  }
}
