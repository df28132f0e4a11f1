import { z } from 'zod';
import { freeTextSchema } from '../rules/free-text.js';
import { MAP_LIMITS, mapBoundsSchema, mapContentSchema, mapLocationSchema } from '../events/map-events.js';
import { mapCategoriesSchema } from '../maps/map-categories.js';
import { latLngSchema } from '../rules/geo.js';

/**
 * The maps catalogue (SPEC §7 map calls; readings in docs/maps.md). Every list answers MapEntry items:
 * SPEC §3's mapId, mapName, loc (location count) and copyright, its categories, and what the selector and
 * the map page show. A map's locations are its answers: no entry carries them.
 */
export const mapEntrySchema = z.object({
  mapId: z.string(),
  mapName: z.string(),
  /** Location count. */
  loc: z.number().int().min(0),
  copyright: z.string().nullable(),
  description: z.string(),
  /** Null for the preset maps, which the system made. */
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  official: z.boolean(),
  /** SPEC's mc: what the locations are ('image' = an image map). */
  mc: mapContentSchema,
  ...mapCategoriesSchema.shape,
  likes: z.number().int().min(0),
  /** Games started on the map (single-player and live). */
  plays: z.number().int().min(0),
  /** The longest diagonal in metres, which scores scale by. */
  mmd: z.number().positive(),
  /** The box its locations lie in, widened to whole half degrees (so its edges are not locations). */
  bounds: mapBoundsSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Signed-in variants only: whether the caller likes the map. */
  liked: z.boolean().optional(),
});
export type MapEntry = z.infer<typeof mapEntrySchema>;

/**
 * Sort orders of the paged lists, the `{c}` of `/maps/featured/{a}/{b}/{c}` and the others: most liked,
 * most played, newest, recently updated, by name (A–Z), most locations.
 */
export const mapSortValues = ['likes', 'plays', 'new', 'updated', 'name', 'locations'] as const;
export const mapSortSchema = z.enum(mapSortValues);
export type MapSort = z.infer<typeof mapSortSchema>;

export const MAP_PAGE_LIMITS = { maxPageSize: 50, maxPage: 10_000, defaultPageSize: 20, queryMin: 2, queryMax: 60 } as const;

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/** `{a}/{b}/{c}` of the paged calls: page (from 0), page size (1–50), sort. */
export const mapPageParamsSchema = z.object({
  page: wholeNumber(MAP_PAGE_LIMITS.maxPage),
  pageSize: wholeNumber(MAP_PAGE_LIMITS.maxPageSize).pipe(z.number().min(1, 'at least 1')),
  sort: mapSortSchema,
});
export type MapPageParams = z.infer<typeof mapPageParamsSchema>;

/** `?page=&pageSize=` of the unpaged SPEC calls (liked, mymaps), optional. */
export const mapPageQuerySchema = z.object({
  page: wholeNumber(MAP_PAGE_LIMITS.maxPage).default(0),
  pageSize: wholeNumber(MAP_PAGE_LIMITS.maxPageSize).pipe(z.number().min(1, 'at least 1')).default(MAP_PAGE_LIMITS.defaultPageSize),
});

export const mapSearchQuerySchema = z
  .string()
  .max(MAP_PAGE_LIMITS.queryMax, `at most ${MAP_PAGE_LIMITS.queryMax} characters`)
  .refine((query) => normaliseSearchText(query).length >= MAP_PAGE_LIMITS.queryMin, `at least ${MAP_PAGE_LIMITS.queryMin} letters or digits`);

export const mapPageSchema = z.object({
  maps: z.array(mapEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type MapPage = z.infer<typeof mapPageSchema>;

/** `GET /maps/world`: the world-wide preset maps. */
export const worldMapsSchema = z.object({ maps: z.array(mapEntrySchema) });
export type WorldMaps = z.infer<typeof worldMapsSchema>;

/**
 * A location as the editor sends it (map-making.app's shape). Headings arrive in any turn and are kept in
 * [0, 360); `picture` is the server's own.
 */
export const mapLocationInputSchema = z
  .object({
    lat: z.number().finite().min(-90).max(90),
    lng: z.number().finite().min(-180).max(180),
    heading: z
      .number()
      .finite()
      .transform((heading) => ((heading % 360) + 360) % 360)
      .optional(),
    pitch: z.number().finite().min(-90).max(90).optional(),
    zoom: z.number().finite().min(0).max(5).optional(),
    panoId: z.string().min(1).max(MAP_LIMITS.panoIdMax).optional(),
  })
  .pipe(mapLocationSchema.omit({ picture: true }));
export type MapLocationInput = z.input<typeof mapLocationInputSchema>;

/**
 * `POST /maps/postUpdate/{id}`: creates the map when `id` is new (the caller becomes its author), else
 * updates it (its author only). `locations` is required to create and replaces them all when given;
 * `categories` defaults to what the locations suggest on creation and is kept as it was otherwise.
 * `mapId`, if sent (SPEC: "body mapId"), must be the path's id.
 */
export const postMapUpdateRequestSchema = z.object({
  mapId: z.string().optional(),
  name: freeTextSchema({ min: 1, max: MAP_LIMITS.nameMax, tooShort: 'a map needs a name' }),
  description: freeTextSchema({ max: MAP_LIMITS.descriptionMax, multiline: true }).default(''),
  categories: mapCategoriesSchema.optional(),
  locations: z.array(mapLocationInputSchema).min(MAP_LIMITS.minLocations, `at least ${MAP_LIMITS.minLocations} locations`).max(MAP_LIMITS.maxLocations, `at most ${MAP_LIMITS.maxLocations} locations`).optional(),
});
export type PostMapUpdateRequest = z.input<typeof postMapUpdateRequestSchema>;

/** New map ids are chosen by the editor (a UUID), so a retried first save creates the map once. */
export const mapIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _');

/** `POST /maps/togglelike`: `liked` sets the outcome (safe to retry); without it the like flips. */
export const toggleLikeRequestSchema = z.object({ mapId: z.string().min(1).max(100), liked: z.boolean().optional() });
export type ToggleLikeRequest = z.infer<typeof toggleLikeRequestSchema>;
export const toggleLikeResponseSchema = z.object({ mapId: z.string(), liked: z.boolean(), likes: z.number().int().min(0) });
export type ToggleLikeResponse = z.infer<typeof toggleLikeResponseSchema>;

/** `POST /maps/delete/{id}`: body optional; a `mapId` in it must be the path's. */
export const deleteMapRequestSchema = z.object({ mapId: z.string().optional() });
export const deleteMapResponseSchema = z.object({ mapId: z.string(), deleted: z.literal(true) });
export type DeleteMapResponse = z.infer<typeof deleteMapResponseSchema>;

/** `GET /mapLoc/{mapId}/{batch}` and `/randomLoc/{mapId}/{batch}`: up to 10 'lat,lng' strings. */
export const LOCATIONS_PER_BATCH = 10;
export const locationBatchSchema = z.array(z.string());
export const locationBatchParamsSchema = z.object({ batch: wholeNumber(999_999) });

/** `GET /maps/locations/{mapId}` (the map editor; its author only): every location in one answer. */
export const editorLocationsSchema = z.object({ locations: z.array(mapLocationSchema.omit({ picture: true })), editable: z.boolean() });
export type EditorLocations = z.infer<typeof editorLocationsSchema>;

/** `POST /maps/preview`: the picture a round near this location would show, for the map editor. */
/** The location to preview, and the map it is being edited in (the caller's, or a new one of theirs). */
export const mapPreviewRequestSchema = latLngSchema.extend({ mapId: z.string().min(1).max(64) });
export const mapPreviewSchema = z.object({
  panoramaUrl: z.string(),
  heading: z.number(),
  /** How far the picture is from the location asked about. */
  distanceMeters: z.number().min(0),
  /** 'online' when the configured provider had one nearby, 'offline' for the nearest sample scene. */
  source: z.enum(['online', 'offline']),
});
export type MapPreview = z.infer<typeof mapPreviewSchema>;

/**
 * `POST /maps/coverage` (not in SPEC §7; the map editor's count of its locations with pictures): for each
 * location, whether an offline picture lies within `radiusMeters`. An online provider's coverage is not
 * counted (it would take a request to the provider for every location): `online` names the provider
 * whose rounds may find pictures the count does not include.
 */
export const mapCoverageRequestSchema = z.object({ locations: z.array(latLngSchema).min(1).max(MAP_LIMITS.maxLocations) });
export type MapCoverageRequest = z.infer<typeof mapCoverageRequestSchema>;
export const mapCoverageSchema = z.object({
  checked: z.number().int().min(0),
  /** Locations with an offline picture within `radiusMeters`; a round drawn at any other plays the nearest offline picture instead. */
  withPictures: z.number().int().min(0),
  radiusMeters: z.number(),
  /** The online provider rounds search first, when one is configured and answering; null: offline pictures only. */
  online: z.string().nullable(),
});
export type MapCoverage = z.infer<typeof mapCoverageSchema>;

/** `GET /map/googleapis/tile` (SPEC §7): the attribution of the map tiles the client draws. */
export const tileCopyrightSchema = z.object({ copyright: z.string() });
export type TileCopyright = z.infer<typeof tileCopyrightSchema>;

/**
 * Search matches names at the start of a word: "fra" finds "France" and "Roads of France". Text is
 * compared case- and accent-insensitively, with runs of anything but letters and digits as one space.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
