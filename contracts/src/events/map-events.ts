import { z } from 'zod';
import { mapCategoriesSchema } from '../maps/map-categories.js';
import { latLngSchema } from '../rules/geo.js';
import { defineEvent, instantSchema } from './define-event.js';

/**
 * A picture a map's round can show, as the generator found it or an author uploaded it. Server-only: a
 * map's locations are its answers.
 */
export const mapPictureSchema = z.object({
  provider: z.string().min(1),
  imageId: z.string().min(1),
  location: latLngSchema,
  heading: z.number().finite(),
});
export type MapPicture = z.infer<typeof mapPictureSchema>;

export const MAP_LIMITS = {
  nameMax: 60,
  descriptionMax: 1000,
  minLocations: 5,
  /** What an author's map may hold (the editor draws 10,000 clustered without freezing). */
  maxLocations: 10_000,
  /** Maps saved from the generator or made of uploaded pictures. */
  maxPictures: 2000,
  /** Locations per MapLocationsAdded: a big map is many events, never one. */
  chunk: 500,
  panoIdMax: 200,
} as const;

/**
 * One location of a map, in the map makers' shape (map-making.app's customCoordinates): where, and
 * optionally how the view starts (heading and pitch in degrees, zoom) and the picture the author chose
 * (`panoId`, kept and exported as it came). `picture` is a provider's picture the round plays as it is
 * (maps saved from the generator, image maps); it never leaves the server.
 */
export const mapLocationSchema = z.object({
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
  heading: z.number().finite().min(0).lt(360).optional(),
  pitch: z.number().finite().min(-90).max(90).optional(),
  zoom: z.number().finite().min(0).max(5).optional(),
  panoId: z.string().min(1).max(MAP_LIMITS.panoIdMax).optional(),
  picture: z.object({ provider: z.string().min(1), imageId: z.string().min(1) }).optional(),
});
export type MapLocation = z.infer<typeof mapLocationSchema>;

/**
 * What a map's locations are: places a round finds a provider's picture near ('places': the preset maps
 * and authors' maps), a provider's pictures played as they are ('pictures': saved from the generator), or
 * pictures its author uploaded ('image', SPEC's mc = 'image').
 */
export const mapContentValues = ['places', 'pictures', 'image'] as const;
export const mapContentSchema = z.enum(mapContentValues);
export type MapContent = z.infer<typeof mapContentSchema>;

/** The smallest latitude/longitude box around a map's locations; `west > east` when it crosses the antimeridian. */
export const mapBoundsSchema = z.object({
  south: z.number().min(-90).max(90),
  west: z.number().min(-180).max(180),
  north: z.number().min(-90).max(90),
  east: z.number().min(-180).max(180),
});
export type MapBounds = z.infer<typeof mapBoundsSchema>;

/** A map's extent: its box and its longest diagonal (SPEC's mmd, which scores scale by). */
export const mapExtentSchema = z.object({ bounds: mapBoundsSchema.nullable(), mmd: z.number().positive() });
export type MapExtent = z.infer<typeof mapExtentSchema>;

/** Who made the map; preset maps are made by the system. */
export const SYSTEM_CREATOR = 'system';

/** A map saved from a generator run or made of uploaded pictures, pictures inline (the first event version). */
export const mapCreatedV1 = defineEvent(
  'MapCreated',
  1,
  z.object({
    mapId: z.string().min(1),
    name: z.string().trim().min(1).max(MAP_LIMITS.nameMax),
    creatorId: z.string().min(1),
    /** What the generator sampled: an ISO 3166-1 alpha-2 country code, 'polygon', or 'image'. */
    region: z.string().min(1),
    pictures: z.array(mapPictureSchema).min(MAP_LIMITS.minLocations).max(MAP_LIMITS.maxPictures),
    createdAt: instantSchema,
  }),
);

/**
 * A map is created (`map-{mapId}`): what it is, and how many locations it will hold. Its locations follow
 * in MapLocationsAdded events, in the same append for an author's map and in later appends for the preset
 * maps the system seeds; a map is listed once all `locationCount` are in.
 */
export const mapCreatedV2 = defineEvent(
  'MapCreated',
  2,
  z.object({
    mapId: z.string().min(1),
    name: z.string().trim().min(1).max(MAP_LIMITS.nameMax),
    description: z.string().max(MAP_LIMITS.descriptionMax),
    creatorId: z.string().min(1),
    /** The author's name when the map was made; null for the system's. */
    creatorName: z.string().nullable(),
    /** A preset map the system made from open data. */
    official: z.boolean(),
    /** Official maps: 'world' (the world-wide ones) or 'featured' (one per country). Null for authors' maps. */
    section: z.enum(['world', 'featured']).nullable(),
    content: mapContentSchema,
    copyright: z.string().max(500).nullable(),
    categories: mapCategoriesSchema,
    /** The generator's region (ISO code or 'polygon'), 'image' for image maps, else null. */
    region: z.string().nullable(),
    locationCount: z.number().int().min(1),
    extent: mapExtentSchema,
    createdAt: instantSchema,
  }),
);

/** The next `locations` of a map, the first of them at index `from` (the map's count so far). */
export const mapLocationsAddedV1 = defineEvent(
  'MapLocationsAdded',
  1,
  z.object({
    mapId: z.string().min(1),
    from: z.number().int().min(0),
    locations: z.array(mapLocationSchema).min(1).max(MAP_LIMITS.chunk),
  }),
);

/** The author replaced every location: the old ones are gone, `locationCount` new ones follow. */
export const mapLocationsReplacedV1 = defineEvent(
  'MapLocationsReplaced',
  1,
  z.object({
    mapId: z.string().min(1),
    locationCount: z.number().int().min(1),
    extent: mapExtentSchema,
    replacedAt: instantSchema,
  }),
);

/** The author changed what the map says of itself. */
export const mapDetailsChangedV1 = defineEvent(
  'MapDetailsChanged',
  1,
  z.object({
    mapId: z.string().min(1),
    name: z.string().trim().min(1).max(MAP_LIMITS.nameMax),
    description: z.string().max(MAP_LIMITS.descriptionMax),
    categories: mapCategoriesSchema,
    changedAt: instantSchema,
  }),
);

/** Taken out of the catalogue by its author or an admin; its events stay in the log. */
export const mapDeletedV1 = defineEvent(
  'MapDeleted',
  1,
  z.object({
    mapId: z.string().min(1),
    deletedBy: z.string().min(1),
    /** 'author', or 'admin' when a map admin took another author's map down. */
    as: z.enum(['author', 'admin']),
    deletedAt: instantSchema,
  }),
);

/** A player's like of a map (`maplike-{mapId}~{userId}`: one small stream a pair, so likes never contend). */
export const mapLikedV1 = defineEvent('MapLiked', 1, z.object({ mapId: z.string().min(1), userId: z.string().min(1), likedAt: instantSchema }));
export const mapUnlikedV1 = defineEvent('MapUnliked', 1, z.object({ mapId: z.string().min(1), userId: z.string().min(1), unlikedAt: instantSchema }));

export const mapEventSchema = z.discriminatedUnion('type', [
  z.discriminatedUnion('version', [mapCreatedV1, mapCreatedV2]),
  mapLocationsAddedV1,
  mapLocationsReplacedV1,
  mapDetailsChangedV1,
  mapDeletedV1,
]);
export type MapEvent = z.infer<typeof mapEventSchema>;
export type MapCreated = Extract<MapEvent, { type: 'MapCreated' }>;
export type MapCreatedV1 = z.infer<typeof mapCreatedV1>;
export type MapCreatedV2 = z.infer<typeof mapCreatedV2>;
export type MapLocationsAdded = z.infer<typeof mapLocationsAddedV1>;

/**
 * Every preset map of seed `version` is complete (`catalogue-presets`): a start that finds it has nothing
 * to seed. A later seed version adds its new maps and says so again.
 */
export const presetMapsSeededV1 = defineEvent(
  'PresetMapsSeeded',
  1,
  z.object({ version: z.number().int().min(1), maps: z.number().int().min(0), locations: z.number().int().min(0), seededAt: instantSchema }),
);
export const catalogueEventSchema = z.discriminatedUnion('type', [presetMapsSeededV1]);
export type CatalogueEvent = z.infer<typeof catalogueEventSchema>;

export const mapLikeEventSchema = z.discriminatedUnion('type', [mapLikedV1, mapUnlikedV1]);
export type MapLikeEvent = z.infer<typeof mapLikeEventSchema>;
