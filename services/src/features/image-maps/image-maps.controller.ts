import { Body, Controller, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  createImageMapRequestSchema,
  IMAGE_MAP_LIMITS,
  mapEntrySchema,
  streamName,
  uploadedPictureSchema,
  uploadPictureQuerySchema,
  type MapEntry,
  type UploadedPicture,
} from '@globetrail/contracts';
import { ApiException, badRequest, parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { LOCAL_IMAGES, READ_STORE } from '../../app/tokens.js';
import { mapDecider } from '../../domain/map/map.decider.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import { jpegSize } from '../../imagery/local/jpeg-size.js';
import { PanoramaRejectedError } from '../../imagery/local/local-image-input.js';
import type { LocalImageStore } from '../../imagery/local/local-image-store.js';
import { authorName } from '../../maps/author-name.js';
import { IMAGE_MAP_REGION } from '../../maps/map-catalog.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { mapEntry } from '../../projections/maps/maps.queries.js';

/** Image maps (SPEC.md `mc` = 'image'): authors upload their own panoramas, then make a map of them. */
@ApiTags('maps')
@ApiSecurity(IDENTITY_SECURITY_SCHEME)
@UseGuards(AuthGuard)
@Controller('maps')
export class ImageMapsController {
  constructor(
    @Inject(LOCAL_IMAGES) private readonly images: LocalImageStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly executor: CommandExecutor,
  ) {}

  @Post('pictures')
  @ApiOperation({ summary: 'Upload an equirectangular JPEG (twice as wide as tall) taken at lat/lng, for your image maps' })
  @ApiConsumes('image/jpeg')
  @ZodResponse(201, uploadedPictureSchema)
  @ApiErrors(400, 401, 413, 415)
  async upload(@CurrentPrincipal() principal: Principal, @Query() query: unknown, @Req() request: Request): Promise<UploadedPicture> {
    const { lat, lng, heading } = parseInput(uploadPictureQuerySchema, query, 'query');
    if (!request.is('image/jpeg')) throw new ApiException(415, 'unsupported_media_type', 'body: send the picture as Content-Type: image/jpeg', 'body');
    const jpeg = await readBody(request, IMAGE_MAP_LIMITS.maxUploadBytes);
    const size = jpegSize(jpeg);
    if (!size) throw badRequest('body', 'the body is not a JPEG');
    if (size.width !== 2 * size.height) {
      throw badRequest('body', `a panorama must be equirectangular, twice as wide as tall; this one is ${size.width} × ${size.height}`);
    }
    try {
      const picture = await this.images.upload({ location: { lat, lng }, heading, jpeg, owner: principal.uid });
      return { pictureId: picture.imageId };
    } catch (error) {
      if (error instanceof PanoramaRejectedError) throw badRequest('body', error.message);
      throw error;
    }
  }

  @Post()
  @ApiOperation({ summary: 'Make an image map of pictures you uploaded (5 to 2,000); its locations are never shown to players' })
  @ZodBody(createImageMapRequestSchema)
  @ZodResponse(201, mapEntrySchema)
  @ApiErrors(400, 401)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<MapEntry> {
    const { name, pictureIds } = parseInput(createImageMapRequestSchema, body);
    const distinct = [...new Set(pictureIds)];
    if (distinct.length !== pictureIds.length) throw badRequest('pictureIds', 'a picture appears twice');
    const pictures = await this.images.ownedByAnywhere(principal.uid, distinct);
    if (pictures.length !== distinct.length) {
      const known = new Set(pictures.map((picture) => picture.imageId));
      const missing = distinct.filter((id) => !known.has(id));
      throw badRequest('pictureIds', `not pictures you uploaded: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`);
    }
    const context = this.executor.context();
    const mapId = context.newId();
    const command = {
      type: 'CreateMap',
      mapId,
      name,
      creatorId: principal.uid,
      creatorName: await authorName(this.reads, principal.uid),
      content: 'image',
      region: IMAGE_MAP_REGION,
      pictures: pictures.map(({ provider, imageId, location, heading }) => ({ provider, imageId, location, heading })),
    } as const;
    await this.executor.execute(streamName.map(mapId), mapDecider, command, { actor: principal.uid, readModels: ['maps', 'map-locations'], context });
    const entry = await mapEntry(this.reads, mapId, principal.uid);
    if (!entry) throw new Error(`map ${mapId} was saved but the maps read model does not have it`);
    return entry;
  }
}

/** The request body, up to `limit` bytes (413 beyond it, without reading the rest). */
async function readBody(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (limit: number) => new ApiException(413, 'payload_too_large', `body: a picture may be at most ${limit / (1024 * 1024)} MB`, 'body');
