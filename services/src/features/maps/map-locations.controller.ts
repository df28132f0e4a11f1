import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { locationBatchParamsSchema, locationBatchSchema, LOCATIONS_PER_BATCH, type MapDoc, type MapLocationDoc } from '@globetrail/contracts';
import { ApiException, notFound, parseInput, unauthenticated } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { READ_STORE } from '../../app/tokens.js';
import { seededRandom } from '../../domain/decision-context.js';
import { drawFreshIndexes } from '../../domain/solo/pick-location.js';
import { CurrentPrincipal, IDENTITY_SECURITY_SCHEME, OptionalAuthGuard } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { locationBatch, locationsAt } from '../../projections/map-locations/map-locations.queries.js';
import { mapDoc } from '../../projections/maps/maps.queries.js';

/**
 * SPEC §7's location batches: 10 locations as 'lat,lng' strings. A map's locations are its rounds'
 * answers, so they are open only where that gives nothing away: the preset maps (their data is public,
 * GeoNames') to anyone, a player's map to its author alone (docs/maps.md).
 */
@ApiTags('maps')
@ApiSecurity(IDENTITY_SECURITY_SCHEME)
@UseGuards(OptionalAuthGuard)
@Controller()
export class MapLocationsController {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  @Get('mapLoc/:mapId/:batch')
  @ApiOperation({ summary: "Batch `batch` (from 0) of a map's locations in the map's order: up to 10 'lat,lng' strings, none past the end" })
  @ZodResponse(200, locationBatchSchema)
  @ApiErrors(400, 401, 403, 404)
  async batch(@CurrentPrincipal('optional') principal: Principal | undefined, @Param('mapId') mapId: string, @Param('batch') batch: string): Promise<string[]> {
    const { batch: number } = parseInput(locationBatchParamsSchema, { batch }, 'batch');
    await this.readable(mapId, principal);
    return (await locationBatch(this.reads, mapId, number)).map(asText);
  }

  @Get('randomLoc/:mapId/:batch')
  @ApiOperation({ summary: "10 of a map's locations at random as 'lat,lng' strings; `batch` seeds the draw, so the same batch answers the same 10" })
  @ZodResponse(200, locationBatchSchema)
  @ApiErrors(400, 401, 403, 404)
  async random(@CurrentPrincipal('optional') principal: Principal | undefined, @Param('mapId') mapId: string, @Param('batch') batch: string): Promise<string[]> {
    const { batch: number } = parseInput(locationBatchParamsSchema, { batch }, 'batch');
    const map = await this.readable(mapId, principal);
    const random = seededRandom(seedOf(`${mapId}:${number}`));
    const indexes = drawFreshIndexes(map.loc, new Set(), LOCATIONS_PER_BATCH, random) ?? [...Array(map.loc).keys()];
    return (await locationsAt(this.reads, mapId, indexes)).map(asText);
  }

  private async readable(mapId: string, principal: Principal | undefined): Promise<MapDoc> {
    const map = await mapDoc(this.reads, mapId);
    if (!map || map.section === null) throw map?.deleted ? new ApiException(404, 'map_deleted', `map ${mapId} was deleted`) : notFound(`no map ${mapId}`);
    if (map.official) return map;
    if (!principal) throw unauthenticated(`mapId: the locations of a player's map are its answers; its author signs in to read them`);
    if (principal.uid !== map.creatorId) throw new ApiException(403, 'locations_private', `mapId: the locations of map ${mapId} are its answers: only its author may read them`, 'mapId');
    return map;
  }
}

const asText = (location: MapLocationDoc) => `${location.lat},${location.lng}`;

/** FNV-1a: a stable 32-bit seed from text. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
