import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  deleteMapRequestSchema,
  deleteMapResponseSchema,
  type DeleteMapResponse,
  type EditorLocations,
  editorLocationsSchema,
  greatCircleDistance,
  type MapEntry,
  mapEntrySchema,
  mapIdSchema,
  type MapPreview,
  mapPreviewRequestSchema,
  mapPreviewSchema,
  type MapCoverage,
  mapCoverageRequestSchema,
  mapCoverageSchema,
  SHARED_LOCATION_RADIUS_METERS,
  panoramaPath,
  postMapUpdateRequestSchema,
  streamName,
  toggleLikeRequestSchema,
  toggleLikeResponseSchema,
  type ToggleLikeResponse,
} from '@globetrail/contracts';
import { ApiException, badRequest, notFound, parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../../api/openapi.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { APP_CONFIG, IMAGERY, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { mapLikeDecider } from '../../domain/map/map-like.decider.js';
import { mapDecider } from '../../domain/map/map.decider.js';
import { CurrentPrincipal, IDENTITY_SECURITY_SCHEME, RequireSignedIn } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { authorName } from '../../maps/author-name.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { allLocations } from '../../projections/map-locations/map-locations.queries.js';
import { likes } from '../../projections/map-likes/map-likes.queries.js';
import { mapDoc, mapEntry } from '../../projections/maps/maps.queries.js';
import { PanoramaPictures } from '../panorama/panorama-pictures.js';
import { RateLimit, RateLimitGuard, tooManyRequests } from '../../platform/rate-limit/rate-limit.guard.js';
import { RateLimitedError, RateLimits } from '../../platform/rate-limit/rate-limits.js';

/** The read models a map's author reads right after a change: the catalogue and the locations. */
const MAP_READ_MODELS = ['maps', 'map-locations'];

/**
 * SPEC §7's map writes (signed-in players only: SPEC §6) and what the map editor needs besides: a map's
 * locations for its author, and a preview of the picture a location would show.
 */
@ApiTags('maps')
@ApiSecurity(IDENTITY_SECURITY_SCHEME)
@UseGuards(RequireSignedIn)
@Controller('maps')
export class MapAuthoringController {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pictures: PanoramaPictures,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  @Post('togglelike')
  @HttpCode(200)
  @ApiOperation({ summary: 'Like or unlike a map: `liked` sets the outcome (safe to retry); without it the like flips' })
  @ZodBody(toggleLikeRequestSchema)
  @ZodResponse(200, toggleLikeResponseSchema)
  @ApiErrors(400, 401, 403, 404)
  async toggleLike(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<ToggleLikeResponse> {
    const request = parseInput(toggleLikeRequestSchema, body);
    const map = await mapDoc(this.reads, request.mapId);
    if (!map || map.section === null) throw new ApiException(404, map?.deleted ? 'map_deleted' : 'not_found', `mapId: no map ${request.mapId}`, 'mapId');
    const stream = streamName.mapLike(request.mapId, principal.uid);
    const liked = request.liked ?? !(await this.executor.load(stream, mapLikeDecider)).state.liked;
    const command = { type: 'SetMapLike', mapId: request.mapId, userId: principal.uid, liked } as const;
    await this.executor.execute(stream, mapLikeDecider, command, { actor: principal.uid, readModels: ['maps', 'map-likes'] });
    const after = await mapDoc(this.reads, request.mapId);
    return { mapId: request.mapId, liked: await likes(this.reads, principal.uid, request.mapId), likes: after?.likes ?? 0 };
  }

  @Post('postUpdate/:id')
  @ApiOperation({ summary: 'Save a map from the editor: a new id creates it (you are its author, 201), your own map is updated (200)' })
  @ZodBody(postMapUpdateRequestSchema)
  @ZodResponse(200, mapEntrySchema)
  @ApiErrors(400, 401, 403, 409)
  async postUpdate(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<MapEntry> {
    const existed = (await mapDoc(this.reads, id)) !== null;
    // A new map's id is the editor's choice, so it is checked; an existing map is whatever its id is.
    const mapId = existed ? id : parseInput(mapIdSchema, id, 'id');
    const request = parseInput(postMapUpdateRequestSchema, body);
    if (request.mapId !== undefined && request.mapId !== mapId) throw badRequest('mapId', `the body names map ${request.mapId} but the address names ${mapId}`);
    // Saves, and the locations they write, are limited per player: one author cannot fill the disk.
    await this.limit(response, 'mapSave', principal, 1);
    await this.limit(response, 'mapLocationsWritten', principal, request.locations?.length ?? 0);
    const command = {
      type: 'SaveMap',
      mapId,
      authorId: principal.uid,
      authorName: await authorName(this.reads, principal.uid),
      name: request.name,
      description: request.description,
      categories: request.categories ?? null,
      locations: request.locations ?? null,
    } as const;
    await this.executor.execute(streamName.map(mapId), mapDecider, command, { actor: principal.uid, readModels: MAP_READ_MODELS });
    const entry = await mapEntry(this.reads, mapId, principal.uid);
    if (!entry) throw new Error(`map ${mapId} was saved but the maps read model does not have it`);
    response.status(existed ? 200 : 201);
    return entry;
  }

  @Post('delete/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a map (its author, or a map admin for players’ maps); its history stays in the event log' })
  @ZodBody(deleteMapRequestSchema)
  @ZodResponse(200, deleteMapResponseSchema)
  @ApiErrors(400, 401, 403, 404)
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: unknown): Promise<DeleteMapResponse> {
    const request = parseInput(deleteMapRequestSchema, body);
    if (request.mapId !== undefined && request.mapId !== id) throw badRequest('mapId', `the body names map ${request.mapId} but the address names ${id}`);
    const command = { type: 'DeleteMap', mapId: id, by: principal.uid, isAdmin: this.config.mapAdmins.has(principal.uid) } as const;
    await this.executor.execute(streamName.map(id), mapDecider, command, { actor: principal.uid, readModels: MAP_READ_MODELS });
    return { mapId: id, deleted: true };
  }

  private async limit(response: Response, name: 'mapSave' | 'mapLocationsWritten', principal: Principal, points: number): Promise<void> {
    if (points === 0) return;
    try {
      await this.limits.consume(name, { player: principal.uid, address: null }, points);
    } catch (error) {
      if (error instanceof RateLimitedError) throw tooManyRequests(error, response);
      throw error;
    }
  }

  @Get('locations/:id')
  @ApiOperation({ summary: "Every location of one of your maps, for the map editor (a map's locations are its answers: its author only)" })
  @ZodResponse(200, editorLocationsSchema)
  @ApiErrors(401, 403, 404)
  async locations(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<EditorLocations> {
    const map = await mapDoc(this.reads, id);
    if (!map || map.deleted) throw notFound(`no map ${id}`);
    if (map.official || map.creatorId !== principal.uid) throw new ApiException(403, 'locations_private', `id: only the author of map ${id} may open it in the editor`, 'id');
    const locations = (await allLocations(this.reads, id)).map(({ lat, lng, heading, pitch, zoom, panoId }) => ({
      lat,
      lng,
      ...(heading === undefined ? {} : { heading }),
      ...(pitch === undefined ? {} : { pitch }),
      ...(zoom === undefined ? {} : { zoom }),
      ...(panoId === undefined ? {} : { panoId }),
    }));
    return { locations, editable: map.mc === 'places' };
  }

  @Post('coverage')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('mapCoverage')
  @ApiOperation({
    summary: 'For the map editor: how many of these locations have an offline picture within 25 km (a round drawn elsewhere plays the nearest one); an online provider\'s coverage is not counted, only named',
  })
  @ZodBody(mapCoverageRequestSchema)
  @ZodResponse(200, mapCoverageSchema)
  @ApiErrors(400, 401, 429)
  coverage(@Body() body: unknown): MapCoverage {
    const { locations } = parseInput(mapCoverageRequestSchema, body);
    const radiusMeters = SHARED_LOCATION_RADIUS_METERS;
    return { checked: locations.length, withPictures: this.imagery.rounds.offlineCoverage(locations, radiusMeters), radiusMeters, online: this.imagery.rounds.onlineProvider };
  }

  @Post('preview')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('mapPreview')
  @ApiOperation({
    summary: 'For the author of `mapId` while editing it: the picture a round drawn at this location would show (online within the coverage radius, else the nearest offline scene, as the place itself looks, never as a round showed it)',
  })
  @ZodBody(mapPreviewRequestSchema)
  @ZodResponse(200, mapPreviewSchema)
  @ApiErrors(400, 401, 403, 404, 429)
  async preview(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<MapPreview> {
    const { mapId, ...at } = parseInput(mapPreviewRequestSchema, body);
    // The editor previews its own map's locations: a map of the player's, or a new one they are making.
    const map = await mapDoc(this.reads, mapId);
    if (map && (map.official || map.deleted || map.creatorId !== principal.uid)) throw new ApiException(403, 'forbidden', `mapId: only the author of map ${mapId} previews its locations`, 'mapId');
    const found = await this.imagery.rounds.preview(at);
    if (!found) throw new ApiException(404, 'no_imagery', 'no picture to show for this location');
    const { picture, source } = found;
    return { panoramaUrl: panoramaPath(this.pictures.previewToken(picture)), heading: picture.heading, distanceMeters: Math.round(greatCircleDistance(at, picture.location)), source };
  }
}
