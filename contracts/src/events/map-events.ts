import { z } from 'zod';
import { latLngSchema } from '../rules/geo.js';
import { defineEvent, instantSchema } from './define-event.js';

/**
 * A picture a map's round can show, as the generator found it. Server-only: a map's locations are its
 * answers, and no client payload carries them (clients see a map's name and size).
 */
export const mapPictureSchema = z.object({
  provider: z.string().min(1),
  imageId: z.string().min(1),
  location: latLngSchema,
  heading: z.number().finite(),
});
export type MapPicture = z.infer<typeof mapPictureSchema>;

export const MAP_LIMITS = { nameMax: 60, minLocations: 5, maxLocations: 2000 } as const;

/** A map saved from a generator run (`map-{mapId}` stream). */
export const mapCreatedV1 = defineEvent(
  'MapCreated',
  1,
  z.object({
    mapId: z.string().min(1),
    name: z.string().trim().min(1).max(MAP_LIMITS.nameMax),
    creatorId: z.string().min(1),
    /** What the generator sampled: an ISO 3166-1 alpha-2 country code, or 'polygon'. */
    region: z.string().min(1),
    pictures: z.array(mapPictureSchema).min(MAP_LIMITS.minLocations).max(MAP_LIMITS.maxLocations),
    createdAt: instantSchema,
  }),
);

export const mapEventSchema = z.discriminatedUnion('type', [mapCreatedV1]);
export type MapEvent = z.infer<typeof mapEventSchema>;
export type MapCreated = z.infer<typeof mapCreatedV1>;
