import { z } from 'zod';
import { freeTextSchema } from '../rules/free-text.js';
import { MAP_LIMITS } from '../events/map-events.js';
import { latLngSchema } from '../rules/geo.js';

/**
 * The generator tool (route `genarator/{limit}/{key}/{region}`, spelling as in SPEC.md): sample random
 * points in a region, keep those where the provider has a picture, save the result as a map.
 *
 * `key` in the route names the provider to sample ('panoramax' or 'mapillary'); its credentials stay in
 * the server's configuration and never travel in a URL. `region` is an ISO 3166-1 alpha-2 country code
 * (world-atlas country shapes), or 'polygon' for a polygon drawn on the map.
 */
export const GENERATOR_LIMITS = { maxLimit: 500, maxPolygonPoints: 200 } as const;

export const generatorProviderSchema = z.enum(['panoramax', 'mapillary']);
export type GeneratorProvider = z.infer<typeof generatorProviderSchema>;

export const startGeneratorRunRequestSchema = z
  .object({
    provider: generatorProviderSchema,
    /** How many locations with coverage to find. */
    limit: z.number().int().min(MAP_LIMITS.minLocations).max(GENERATOR_LIMITS.maxLimit),
    /** ISO 3166-1 alpha-2 (e.g. 'FR'), or 'polygon' with `polygon` given. */
    region: z.string().regex(/^([A-Z]{2}|polygon)$/, 'a two-letter country code (ISO 3166-1 alpha-2) or "polygon"'),
    /** The drawn polygon's corners, in order (not closed), when region is 'polygon'. */
    polygon: z.array(latLngSchema).min(3).max(GENERATOR_LIMITS.maxPolygonPoints).optional(),
  })
  .refine((body) => (body.region === 'polygon') === (body.polygon !== undefined), {
    message: 'polygon is required with region "polygon", and only then',
    path: ['polygon'],
  });
export type StartGeneratorRunRequest = z.infer<typeof startGeneratorRunRequestSchema>;

export const generatorRunStatusSchema = z.enum(['running', 'done', 'stopped', 'failed']);

/**
 * A run's progress. `points` are the found pictures' positions, shown to the person generating the map
 * (they are making the map: its answers are theirs to see), never to players.
 */
export const generatorRunViewSchema = z.object({
  runId: z.string(),
  provider: generatorProviderSchema,
  region: z.string(),
  limit: z.number().int(),
  status: generatorRunStatusSchema,
  /** Random points tried so far, and how many had a picture (distinct pictures). */
  tried: z.number().int().min(0),
  found: z.number().int().min(0),
  /** Points tried a second, over the run so far. */
  ratePerSecond: z.number().min(0),
  elapsedMs: z.number().int().min(0),
  points: z.array(latLngSchema),
  /** Why a run failed (provider unavailable, region without land…). */
  error: z.string().nullable(),
  /** The map saved from this run, once saved. */
  mapId: z.string().nullable(),
});
export type GeneratorRunView = z.infer<typeof generatorRunViewSchema>;

export const saveGeneratedMapRequestSchema = z.object({
  name: freeTextSchema({ min: 1, max: MAP_LIMITS.nameMax }),
});
export type SaveGeneratedMapRequest = z.infer<typeof saveGeneratedMapRequestSchema>;
