import type { PictureStore } from '../../platform/pictures/picture-store.port.js';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LatLng, RoundScene } from '@globetrail/contracts';
import { ImageryUnavailableError } from '../imagery.port.js';
import { assertJpeg, assertSafeName } from './local-image-input.js';
import type { PanoramaRenderer } from './panorama-renderer.js';
import { ScenesAhead } from './scenes-ahead.js';

const isMissingFile = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Pictures renderers make on first fetch, cached as `<dir>/<renderer>.<version>/<imageId>.jpg`. */
export class RenderedPictures {
  private readonly renderers = new Map<string, PanoramaRenderer>();
  /** One render per picture even when several rounds ask for it at once. */
  private readonly rendering = new Map<string, Promise<Buffer>>();
  /** Scenes painted ahead, for each renderer that paints rounds' scenes on threads of its own. */
  private readonly ahead = new Map<string, ScenesAhead>();

  constructor(
    private readonly dir: string,
    renderers: readonly PanoramaRenderer[],
    scenesAhead = true,
    /** Shared by every replica (the full stack): scenes painted ahead are put there too (ScenesAhead). */
    shared: PictureStore | null = null,
  ) {
    for (const renderer of renderers) {
      assertSafeName('a renderer name', renderer.name);
      assertSafeName('a renderer version', renderer.version);
      this.renderers.set(renderer.name, renderer);
      if (scenesAhead && renderer.freshScene && renderer.threaded) this.ahead.set(renderer.name, new ScenesAhead(join(dir, `${renderer.name}.${renderer.version}`, 'ahead'), renderer, shared));
    }
  }

  /** Closes the renderers (they belong to the store they were given to) once no scene is painted ahead. */
  async close(): Promise<void> {
    await Promise.all([...this.ahead.values()].map((ahead) => ahead.close()));
    await Promise.all([...this.renderers.values()].map((renderer) => renderer.close?.()));
  }

  canRender(rendererName: string): boolean {
    return this.renderers.has(rendererName);
  }

  /** A round's own scene of an entry: painted each time, never cached (the round's variant is, in memory). */
  async paint(imageId: string, rendererName: string, recipe: string, scene: RoundScene): Promise<Buffer> {
    const renderer = this.renderers.get(rendererName);
    if (!renderer) throw new ImageryUnavailableError(`local panorama ${imageId} needs renderer ${rendererName}, which is not set up`);
    if (!renderer.freshScene) return this.read(imageId, rendererName, recipe);
    const render = async () => {
      try {
        const body = await renderer.render(recipe, scene);
        assertJpeg(body);
        return body;
      } catch (error) {
        throw new ImageryUnavailableError(`renderer ${renderer.name} failed on ${JSON.stringify(recipe)}`, { cause: error });
      }
    };
    const ahead = this.ahead.get(rendererName);
    return ahead ? ahead.request(async () => (await ahead.read(imageId, scene.seed)) ?? render()) : render();
  }

  /** A new scene of an entry for one round, when its renderer paints them (see PanoramaRenderer.freshScene). */
  freshScene(imageId: string, rendererName: string, recipe: string, at: LatLng, random: () => number, toward?: LatLng) {
    const renderer = this.renderers.get(rendererName);
    if (!renderer?.freshScene) return null;
    const ahead = this.ahead.get(rendererName);
    // A shared location's scene stands at the shared point: drawn for it, never one painted ahead.
    if (!ahead || toward) return renderer.freshScene(recipe, at, random, toward);
    return ahead.take(imageId, recipe, (from) => renderer.freshScene!(recipe, at, from), random);
  }

  /** `imageId` must already be known safe: it becomes a file name. */
  async read(imageId: string, rendererName: string, recipe: string): Promise<Buffer> {
    const renderer = this.renderers.get(rendererName);
    if (!renderer) throw new ImageryUnavailableError(`local panorama ${imageId} needs renderer ${rendererName}, which is not set up`);
    const folder = join(this.dir, `${renderer.name}.${renderer.version}`);
    const file = join(folder, `${imageId}.jpg`);
    try {
      return await readFile(file);
    } catch (error) {
      if (!isMissingFile(error)) throw error;
    }
    const pending = this.rendering.get(file);
    if (pending) return pending;
    const render = this.renderToFile(renderer, recipe, folder, file).finally(() => this.rendering.delete(file));
    this.rendering.set(file, render);
    return render;
  }

  private async renderToFile(renderer: PanoramaRenderer, recipe: string, folder: string, file: string) {
    let body: Buffer;
    try {
      body = await renderer.render(recipe);
      assertJpeg(body);
    } catch (error) {
      throw new ImageryUnavailableError(`renderer ${renderer.name} failed on ${JSON.stringify(recipe)}`, { cause: error });
    }
    await mkdir(folder, { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, body);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return body;
  }
}
