import { createHash } from 'node:crypto';
import type { LocalImageStore } from '../local/local-image-store.js';
import type { PanoramaRenderer } from '../local/panorama-renderer.js';
import { renderSamplePanorama } from './render/render-panorama.js';
import { roadHeading } from './render/scene.js';
import { SAMPLE_PLACES, samplePlace } from './sample-places.js';

export const SAMPLE_RENDERER_NAME = 'sample';

/** Renders a sample place's panorama from its key; bump `version` when the pictures change. */
export const samplePanoramaRenderer: PanoramaRenderer = {
  name: SAMPLE_RENDERER_NAME,
  version: '1',
  async render(recipe) {
    const place = samplePlace(recipe);
    if (!place) throw new Error(`no sample place ${JSON.stringify(recipe)}`);
    return renderSamplePanorama(place);
  },
};

/** Opaque, so a logged or leaked id does not name the place. */
export const sampleImageId = (key: string) => `sample-${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;

/**
 * Registers the generated sample places when the store is empty, so the game plays with no network.
 * Nothing is rendered here: each picture is made on its first fetch. Returns how many were registered.
 */
export function ensureSampleSet(store: LocalImageStore): number {
  if (!store.canRender(SAMPLE_RENDERER_NAME)) {
    throw new Error(`the local image store needs the sample renderer: new LocalImageStore(dir, { renderers: [samplePanoramaRenderer] })`);
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
