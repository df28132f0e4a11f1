import { destinationPoint, greatCircleDistance, initialBearing, type LatLng, type RoundScene } from '@globetrail/contracts';
import type { PanoramaRenderer } from '../local/panorama-renderer.js';
import { compiledWorkerBeside } from '../../platform/workers/compiled-worker.js';
import { WorkerPool } from '../../platform/workers/worker-pool.js';
import { renderSamplePanorama } from './render/render-panorama.js';
import { roadHeading } from './render/scene.js';
import { alongRange, drawVariation } from './render/scene-variation.js';
import { samplePlace } from './sample-places.js';

export const SAMPLE_RENDERER_NAME = 'sample';
/** Bump it when the pictures change: painted pictures are cached under the renderer's name and version. */
export const SAMPLE_RENDERER_VERSION = '2';

/** What a render thread is asked: a place's key, and a round's scene of it or none (the place's own). */
export interface SampleRenderRequest {
  recipe: string;
  scene: RoundScene | null;
}

/** Paints a sample place's panorama on the calling thread (0.3–1.6 s of CPU for the full size). */
export async function renderSampleRecipe(recipe: string, scene: RoundScene | null = null): Promise<Buffer> {
  const place = samplePlace(recipe);
  if (!place) throw new Error(`no sample place ${JSON.stringify(recipe)}`);
  return renderSamplePanorama(place, undefined, scene);
}

/**
 * A new scene of a sample place for one round: the camera moved along a road that runs a new way, so the
 * round's target is where it stands (the signs' distances follow it), and a new hour, season, weather,
 * traffic and roadside.
 */
export function freshSampleScene(recipe: string, at: LatLng, random: () => number, toward?: LatLng): { scene: RoundScene; location: LatLng; heading: number } {
  const place = samplePlace(recipe);
  if (!place) throw new Error(`no sample place ${JSON.stringify(recipe)}`);
  const drawn = drawVariation(place, random);
  // A shared location within the place's road plays that very point: the road runs through it.
  const distance = toward ? greatCircleDistance(at, toward) : Number.POSITIVE_INFINITY;
  const scene = toward && distance <= alongRange(place) ? { ...drawn, along: Math.round(distance * 100) / 100, heading: Math.round(initialBearing(at, toward) * 100) / 100 % 360 } : drawn;
  const heading = roadHeading(place, scene);
  // Positive `along` is towards the signed places, the way the road runs (the view's start).
  const location = scene.along === 0 ? at : destinationPoint(at, scene.along >= 0 ? heading : (heading + 180) % 360, Math.abs(scene.along));
  return { scene, location, heading };
}

export interface SampleRendererOptions {
  /**
   * Threads that paint pictures. Default 1 when running compiled, which leaves the other core of a
   * 2-core machine to requests; 0 paints on the calling thread and blocks its event loop while it does.
   */
  workers?: number;
  /** The compiled render-worker.js to run; default the one beside this module (see compiledWorkerBeside). */
  workerScript?: URL;
}

export interface SampleRenderer extends PanoramaRenderer {
  /** Stops its threads; renders still running or queued are rejected. */
  close(): Promise<void>;
}

/** Renders a sample place's panorama from its key. */
export function createSampleRenderer(options: SampleRendererOptions = {}): SampleRenderer {
  const workerScript = options.workerScript ?? compiledWorkerBeside(import.meta.url, 'render-worker');
  const workers = options.workers ?? (workerScript ? 1 : 0);
  if (!Number.isInteger(workers) || workers < 0) {
    throw new RangeError(`the sample renderer's workers must be a whole number ≥ 0, not ${workers}`);
  }
  const renderer = { name: SAMPLE_RENDERER_NAME, version: SAMPLE_RENDERER_VERSION };
  const freshScene = freshSampleScene;
  if (workers === 0) return { ...renderer, freshScene, render: (recipe, scene) => renderSampleRecipe(recipe, scene ?? null), close: async () => {} };
  if (!workerScript) {
    throw new Error('sample render workers run the compiled code: pass workerScript, or workers: 0 when running from sources');
  }
  const pool = new WorkerPool<SampleRenderRequest, ArrayBuffer>(workerScript, { size: workers, name: 'sample render' });
  return {
    ...renderer,
    threaded: true,
    freshScene,
    render: async (recipe, scene) => Buffer.from(await pool.run({ recipe, scene: scene ?? null })),
    close: () => pool.close(),
  };
}
