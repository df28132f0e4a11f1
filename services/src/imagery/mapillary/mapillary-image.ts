import { latLngSchema, type LatLng } from '@globetrail/contracts';
import { z } from 'zod';
import type { PanoramaCandidate } from '../imagery.port.js';

/**
 * Mapillary image ids are decimal numbers (`1383728082010917`). Ids reach us from outside (search
 * answers, and back from the round store), so one must be digits only before it goes into a URL path:
 * nothing else can name another endpoint or add a query.
 */
const IMAGE_ID = /^[0-9]{1,20}$/;
/** Sequence ids are short keys such as `kx7r2uYeFwT6XCfvqh30VZ`; they go into a query string. */
const SEQUENCE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const isMapillaryImageId = (value: unknown): value is string => typeof value === 'string' && IMAGE_ID.test(value);
export const isMapillarySequenceId = (value: unknown): value is string =>
  typeof value === 'string' && SEQUENCE_ID.test(value);

/** A GeoJSON Point: `[lng, lat]`, sometimes with an altitude after them. */
const point = z.object({ coordinates: z.array(z.number()).min(2) });

/** One image entity, as much of it as the fields we ask for; every field is absent unless asked for. */
export const graphImageSchema = z.object({
  id: z.string(),
  computed_geometry: point.nullish(),
  geometry: point.nullish(),
  computed_compass_angle: z.number().nullish(),
  compass_angle: z.number().nullish(),
  is_pano: z.boolean().nullish(),
  sequence: z.string().nullish(),
  thumb_original_url: z.string().nullish(),
  thumb_2048_url: z.string().nullish(),
});
export type GraphImage = z.infer<typeof graphImageSchema>;

/** Collection endpoints (`/images`, `/image_ids`) wrap their entities in `{ data: [...] }`. */
export const graphListSchema = z.object({ data: z.array(z.unknown()) });
export const graphIdSchema = z.object({ id: z.string() });

/** What a candidate needs: where the camera stood, where it looked, and whether it is a panorama. */
export const CANDIDATE_FIELDS = ['id', 'computed_geometry', 'geometry', 'computed_compass_angle', 'compass_angle', 'is_pano'];

function locationOf(image: GraphImage): LatLng | null {
  // Structure-from-motion positions are corrected; the raw geometry is the device's GPS.
  const coordinates = (image.computed_geometry ?? image.geometry)?.coordinates;
  if (!coordinates) return null;
  const parsed = latLngSchema.safeParse({ lat: coordinates[1], lng: coordinates[0] });
  return parsed.success ? parsed.data : null;
}

/**
 * The raw `compass_angle` is often a stand-in 0 where the camera recorded none, indistinguishable from
 * north, so the computed one wins when present.
 */
function headingOf(image: GraphImage): number {
  const angle = image.computed_compass_angle ?? image.compass_angle ?? 0;
  if (!Number.isFinite(angle)) return 0;
  const wrapped = angle % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped + 0; // + 0 turns -0 into 0
}

/** Null for anything a round cannot show: not a panorama, no usable position, or an id we would refuse. */
export function toPanorama(image: GraphImage): PanoramaCandidate | null {
  if (image.is_pano !== true || !isMapillaryImageId(image.id)) return null;
  const location = locationOf(image);
  if (!location) return null;
  // A panorama's compass angle is the bearing of its centre; the view starts facing it.
  const heading = headingOf(image);
  return { provider: 'mapillary', imageId: image.id, location, heading, ...(heading === 0 ? {} : { centre: heading }) };
}

/** The entities of a collection answer that parse; one malformed entry does not spoil the rest. */
export function entitiesOf<T>(answer: unknown, schema: z.ZodType<T>): T[] | null {
  const list = graphListSchema.safeParse(answer);
  if (!list.success) return null;
  return list.data.data.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
