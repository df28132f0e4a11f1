import { LocalImageStore } from './local/local-image-store.js';
import { ensureSampleSet, samplePanoramaRenderer } from './sample/sample-set.js';

/** The local image store under `dir`, holding the generated sample set when it has nothing else. */
export function openLocalImagery(dir: string): LocalImageStore {
  const store = new LocalImageStore(dir, { renderers: [samplePanoramaRenderer] });
  ensureSampleSet(store);
  return store;
}
