import { createHash } from 'node:crypto';
import type { LocalImageStore } from '../local/local-image-store.js';
import { roadHeading } from './render/scene.js';
import { SAMPLE_PLACES } from './sample-places.js';
import { SAMPLE_RENDERER_NAME } from './sample-renderer.js';

/** Opaque, so a logged or leaked id does not name the place. */
export const sampleImageId = (key: string) => `sample-${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;

/**
 * Registers the generated sample places when the store is empty, so the game plays with no network.
 * Nothing is rendered here: each picture is made on its first fetch. Returns how many were registered.
 */
export function ensureSampleSet(store: LocalImageStore): number {
  if (!store.canRender(SAMPLE_RENDERER_NAME)) {
    throw new Error(`the local image store needs the sample renderer: new LocalImageStore(dir, { renderers: [createSampleRenderer()] })`);
  }
  if (store.count() > 0) return 0;
  return store.addRendered(
    SAMPLE_PLACES.map((place) => ({
      imageId: sampleImageId(place.key),
      location: { lat: place.lat, lng: place.lng },
      heading: roadHeading(place),
      attribution: 'GlobeTrail generated sample scene',
      renderer: SAMPLE_RENDERER_NAME,
      recipe: place.key,
    })),
  ).length;
}
