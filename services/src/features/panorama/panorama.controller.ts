import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type PanoramaMoves, panoramaMovesSchema } from '@globetrail/contracts';
import { ApiException, notFound } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { IMAGERY } from '../../app/tokens.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { ImageryUnavailableError } from '../../imagery/imagery.port.js';
import { PictureVariants } from '../../imagery/proxy/picture-variants.js';
import { PanoramaPictures, type TokenPicture } from './panorama-pictures.js';

/**
 * Serves a round's pictures under opaque tokens: the round's own, and those a player moves to. The
 * answer-blind promise lives here: a picture is image bytes only, with no provider id, coordinates or
 * validators that could tie it to a place, re-encoded for the round so that its bytes are never the same
 * in another (PictureVariants), and a move is a token and a bearing.
 */
@ApiTags('single player')
@Controller('pano')
export class PanoramaController {
  constructor(
    private readonly pictures: PanoramaPictures,
    private readonly variants: PictureVariants,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
  ) {}

  @Get(':token/moves')
  @ApiOperation({ summary: 'The pictures a player can move to from this one (its sequence neighbours), each under a new opaque token, with its compass bearing' })
  @ZodResponse(200, panoramaMovesSchema)
  @ApiErrors(404, 503)
  async moves(@Param('token') token: string): Promise<PanoramaMoves> {
    const picture = await this.picture(token);
    try {
      return { moves: await this.pictures.moves(picture) };
    } catch (error) {
      if (error instanceof ImageryUnavailableError) throw new ApiException(503, 'no_imagery', 'the ways on from this picture are unavailable right now; try again');
      throw error;
    }
  }

  @Get(':token')
  @ApiOperation({ summary: "A round's equirectangular picture, by the opaque token in its panoramaUrl or a move's token" })
  @ApiProduces('image/jpeg')
  @ApiErrors(404, 503)
  async image(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const picture = await this.picture(token);
    try {
      const image = await this.variants.serve(picture, () => this.imagery.fetchImage(picture.provider, picture.imageId, picture.scene), picture.requester);
      response.setHeader('Content-Type', image.contentType);
      response.setHeader('Cache-Control', 'private, max-age=86400, immutable');
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.end(image.body);
    } catch (error) {
      if (error instanceof ImageryUnavailableError) throw new ApiException(503, 'no_imagery', 'the picture for this round is unavailable right now; try again');
      throw error;
    }
  }

  private async picture(token: string): Promise<TokenPicture> {
    const picture = await this.pictures.resolve(token);
    if (!picture) throw notFound('no such panorama');
    return picture;
  }
}
