import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type MapEntry, mapEntrySchema, type MapPage, mapPageParamsSchema, mapPageQuerySchema, mapPageSchema, mapSearchQuerySchema, type WorldMaps, worldMapsSchema } from '@globetrail/contracts';
import { ApiException, notFound, parseInput, parsePagePath } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { READ_STORE } from '../../app/tokens.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME, RequireSignedIn } from '../../identity/auth.guard.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { likedMapsPage, mapDoc, mapEntry, myMapsPage, searchPage, sectionPage, type Viewer, worldMaps } from '../../projections/maps/maps.queries.js';

type PageParams = { a: string; b: string; c: string };

/**
 * SPEC §7's map lists at their exact paths. Each comes twice: `…/anon/…` for anyone, and a signed-in
 * variant that needs the identity token and adds `liked` to every entry. `{a}/{b}/{c}` are page (from 0),
 * page size (1–50) and sort (likes, plays, new, updated, name, locations).
 */
@ApiTags('maps')
@Controller('maps')
export class MapsCatalogController {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  @Get('world/anon')
  @ApiOperation({ summary: 'The world-wide preset maps (World, An Arbitrary World, An Arbitrary Rural World, Balanced World)' })
  @ZodResponse(200, worldMapsSchema)
  async worldAnon(): Promise<WorldMaps> {
    return { maps: await worldMaps(this.reads, null) };
  }

  @Get('world')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'The world-wide preset maps, each with whether you like it' })
  @ZodResponse(200, worldMapsSchema)
  @ApiErrors(401)
  async world(@CurrentPrincipal() principal: Principal): Promise<WorldMaps> {
    return { maps: await worldMaps(this.reads, principal.uid) };
  }

  @Get('featured/anon/:a/:b/:c')
  @ApiOperation({ summary: 'A page of the featured maps (one per country, from open data): page, page size, sort' })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400)
  featuredAnon(@Param() params: PageParams): Promise<MapPage> {
    return this.section('featured', params, null);
  }

  @Get('featured/:a/:b/:c')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'A page of the featured maps, each with whether you like it' })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400, 401)
  featured(@Param() params: PageParams, @CurrentPrincipal() principal: Principal): Promise<MapPage> {
    return this.section('featured', params, principal.uid);
  }

  @Get('community/anon/:a/:b/:c')
  @ApiOperation({ summary: "A page of the players' maps: page, page size, sort" })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400)
  communityAnon(@Param() params: PageParams): Promise<MapPage> {
    return this.section('community', params, null);
  }

  @Get('community/:a/:b/:c')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "A page of the players' maps, each with whether you like it" })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400, 401)
  community(@Param() params: PageParams, @CurrentPrincipal() principal: Principal): Promise<MapPage> {
    return this.section('community', params, principal.uid);
  }

  @Get('search/anon/:query/:a/:b/:c')
  @ApiOperation({ summary: 'Maps whose name has a word starting with the query (at least 2 letters), paged and sorted' })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400)
  searchAnon(@Param('query') query: string, @Param() params: PageParams): Promise<MapPage> {
    return this.search(query, params, null);
  }

  @Get('search/:query/:a/:b/:c')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'Search, each map with whether you like it' })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400, 401)
  searchSignedIn(@Param('query') query: string, @Param() params: PageParams, @CurrentPrincipal() principal: Principal): Promise<MapPage> {
    return this.search(query, params, principal.uid);
  }

  @Get('liked')
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'The maps you like, most recently liked first (?page=&pageSize= optional)' })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400, 401, 403)
  liked(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<MapPage> {
    const { page, pageSize } = parseInput(mapPageQuerySchema, query, 'query');
    return likedMapsPage(this.reads, principal.uid, page, pageSize);
  }

  @Get('mymaps')
  @UseGuards(RequireSignedIn)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: 'The maps you made, most recently changed first (?page=&pageSize= optional)' })
  @ZodResponse(200, mapPageSchema)
  @ApiErrors(400, 401, 403)
  mine(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<MapPage> {
    const { page, pageSize } = parseInput(mapPageQuerySchema, query, 'query');
    return myMapsPage(this.reads, principal.uid, page, pageSize);
  }

  @Get('get/anon/:id')
  @ApiOperation({ summary: "A map's entry: name, author, location count, likes, extent; never its locations" })
  @ZodResponse(200, mapEntrySchema)
  @ApiErrors(404)
  getAnon(@Param('id') id: string): Promise<MapEntry> {
    return this.entry(id, null);
  }

  @Get('get/:id')
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({ summary: "A map's entry, with whether you like it" })
  @ZodResponse(200, mapEntrySchema)
  @ApiErrors(401, 404)
  get(@Param('id') id: string, @CurrentPrincipal() principal: Principal): Promise<MapEntry> {
    return this.entry(id, principal.uid);
  }

  private section(section: 'featured' | 'community', params: PageParams, viewer: Viewer): Promise<MapPage> {
    const { page, pageSize, sort } = pageParams(params);
    return sectionPage(this.reads, section, page, pageSize, sort, viewer);
  }

  private search(query: string, params: PageParams, viewer: Viewer): Promise<MapPage> {
    const text = parseInput(mapSearchQuerySchema, query, 'query');
    const { page, pageSize, sort } = pageParams(params);
    return searchPage(this.reads, text, page, pageSize, sort, viewer);
  }

  private async entry(id: string, viewer: Viewer): Promise<MapEntry> {
    const entry = await mapEntry(this.reads, id, viewer);
    if (entry) return entry;
    if ((await mapDoc(this.reads, id))?.deleted) throw new ApiException(404, 'map_deleted', `map ${id} was deleted`);
    throw notFound(`no map ${id}`);
  }
}

/** `{a}/{b}/{c}`, each named as SPEC's call does when it is wrong. */
function pageParams(params: PageParams) {
  return parsePagePath(mapPageParamsSchema, params, { a: 'a (page, from 0)', b: 'b (page size, 1–50)', c: 'c (sort: likes, plays, new, updated, name or locations)' });
}
