import type { PictureStore } from '../platform/pictures/picture-store.port.js';
import { LocalImageStore } from './local/local-image-store.js';
import { ensureSampleSet } from './sample/sample-set.js';
import { createSampleRenderer } from './sample/sample-renderer.js';

export interface LocalImageryOptions {
  /** Threads that paint sample pictures on first fetch; default 1 (0 when run from sources: see createSampleRenderer). */
  renderWorkers?: number;
  /** Paint each offline place's next round scene ahead (default true; see local/scenes-ahead.ts). */
  scenesAhead?: boolean;
  /** Players' uploads kept for every replica too (LocalImageStoreOptions.uploads). */
  uploads?: PictureStore;
}

/**
 * The local image store under `dir`, holding the generated sample set when it has nothing else. Its
 * `close()` also stops the render threads.
 */
export function openLocalImagery(dir: string, options: LocalImageryOptions = {}): LocalImageStore {
  const store = new LocalImageStore(dir, { renderers: [createSampleRenderer({ workers: options.renderWorkers })], scenesAhead: options.scenesAhead ?? true, ...(options.uploads ? { uploads: options.uploads } : {}) });
  ensureSampleSet(store);
  return store;
}
