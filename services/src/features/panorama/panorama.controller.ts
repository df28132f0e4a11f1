import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type PanoramaMoves, panoramaMovesSchema } from '@globetrail/contracts';
import { ApiException, notFound } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { CLOCK, IMAGERY } from '../../app/tokens.js';
import type { Clock } from '../../platform/time/clock.js';
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
    @Inject(CLOCK) private readonly clock: Clock,
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
  @ApiErrors(403, 404, 410, 503)
  async image(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const picture = await this.picture(token);
    // A Blink round's picture is served only during its few seconds, and never kept by the browser: a
    // reload or a second tab cannot bring it back.
    const showing = await this.pictures.showing(picture, this.clock.now());
    if (showing === 'not_started') throw new ApiException(403, 'picture_not_shown', "this Blink round's picture shows only once you press Start");
    if (showing === 'hidden') throw new ApiException(410, 'picture_hidden', "this Blink round's picture has hidden: it shows only for the round's seconds");
    try {
      const image = await this.variants.serve(picture, () => this.imagery.fetchImage(picture.provider, picture.imageId, picture.scene), picture.requester);
      response.setHeader('Content-Type', image.contentType);
      response.setHeader('Cache-Control', picture.blink ? 'no-store' : 'private, max-age=86400, immutable');
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
