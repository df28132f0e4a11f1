import { z } from 'zod';
import { freeTextSchema } from '../rules/free-text.js';
import { MAP_LIMITS } from '../events/map-events.js';

/**
 * Image maps (SPEC.md `mc` = 'image'): a map author uploads their own equirectangular JPEGs, each with
 * where it was taken, then makes a map of them. Uploaded pictures stay out of the shared pool (the world
 * map, shared locations) and are served like every other picture: stripped of metadata, under per-round
 * tokens.
 *
 * `POST /maps/pictures?lat=…&lng=…&heading=…` with the JPEG as the body (`Content-Type: image/jpeg`,
 * twice as wide as tall, at most MAX_UPLOAD_BYTES) → 201 UploadedPicture.
 */
export const IMAGE_MAP_LIMITS = { maxUploadBytes: 25 * 1024 * 1024 } as const;

export const uploadPictureQuerySchema = z.object({
  lat: z.coerce.number().finite().min(-90).max(90),
  lng: z.coerce.number().finite().min(-180).max(180),
  /** Where the view starts, degrees clockwise from north; 0 when not given. */
  heading: z.coerce.number().finite().min(-360).max(720).default(0),
});
export type UploadPictureQuery = z.infer<typeof uploadPictureQuerySchema>;

export const uploadedPictureSchema = z.object({ pictureId: z.string() });
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;

/** `POST /maps`: a map of pictures the caller uploaded, in any order. */
export const createImageMapRequestSchema = z.object({
  name: freeTextSchema({ min: 1, max: MAP_LIMITS.nameMax }),
  pictureIds: z.array(z.string().min(1).max(100)).min(MAP_LIMITS.minLocations).max(MAP_LIMITS.maxPictures),
});
export type CreateImageMapRequest = z.infer<typeof createImageMapRequestSchema>;
