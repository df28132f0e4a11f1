import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RoundScene } from '@globetrail/contracts';
import { createCanvas } from '@napi-rs/canvas';
import { LocalImageStore } from './local-image-store.js';
import type { PanoramaRenderer } from './panorama-renderer.js';

/** A tiny JPEG that says which scene it is (its width is the seed's last digits). */
function jpegOf(seed: number): Buffer {
  const canvas = createCanvas(8 + (seed % 50), 4);
  return canvas.toBuffer('image/jpeg');
}

/**
 * A renderer that paints rounds' scenes "on threads of its own" (threaded), whose paints finish only when
 * the test lets them, so the order of what is painted can be watched.
 */
function heldRenderer() {
  const paints: Array<{ scene: RoundScene | undefined; finish: () => void }> = [];
  let seeds = 1000;
  const renderer: PanoramaRenderer = {
    name: 'held',
    version: '1',
    threaded: true,
    freshScene: (_recipe, at) => ({ scene: { seed: seeds++, along: 0 }, location: at, heading: 0 }),
    render: (_recipe, scene) =>
      new Promise((resolve) => {
        paints.push({ scene, finish: () => resolve(jpegOf(scene?.seed ?? 0)) });
      }),
  };
  return { renderer, paints };
}

/** Lets whatever is under way run (used only before asserting that something did NOT happen). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Waits until the renderer has been asked for `count` paints (the store reads files first, at the disk's pace). */
async function paintsReach(paints: unknown[], count: number): Promise<void> {
  for (let waited = 0; paints.length < count; waited += 5) {
    if (waited > 10_000) throw new Error(`the renderer was asked for ${paints.length} paints, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await settle();
}
const random = () => 0.5;

describe('scenes painted ahead', () => {
  let dir: string;
  let store: LocalImageStore;
  let paints: ReturnType<typeof heldRenderer>['paints'];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'globetrail-scenes-ahead-'));
    const held = heldRenderer();
    paints = held.paints;
    store = new LocalImageStore(join(dir, 'imagery'), { renderers: [held.renderer] });
    store.addRendered([{ imageId: 'place', location: { lat: 10, lng: 20 }, heading: 0, renderer: 'held', recipe: 'place' }]);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('paints a place’s next scene once a round of it was looked at, and gives the next round that scene without waiting', async () => {
    const first = store.freshScene('place', random)!;
    const fetching = store.fetchImage('place', first.scene);
    await paintsReach(paints, 1);
    // Nothing was painted ahead yet: the first round paints its own, and nothing else runs beside it.
    expect(paints.map((paint) => paint.scene?.seed)).toEqual([first.scene.seed]);
    paints[0]!.finish();
    expect((await fetching).body).toEqual(jpegOf(first.scene.seed));
    await paintsReach(paints, 2);
    // Then the next round's scene is painted ahead.
    expect(paints).toHaveLength(2);
    const aheadSeed = paints[1]!.scene!.seed;
    paints[1]!.finish();
    await settle();

    const second = store.freshScene('place', random)!;
    expect(second.scene.seed).toBe(aheadSeed);
    const served = await store.fetchImage('place', second.scene);
    expect(served.body).toEqual(jpegOf(aheadSeed));
    await paintsReach(paints, 3);
    // Served from the picture painted ahead (no paint of that scene again), and the one after is under way.
    expect(paints.filter((paint) => paint.scene?.seed === aheadSeed)).toHaveLength(1);
    expect(paints).toHaveLength(3);
    paints[2]!.finish();
  });

  it('never starts painting ahead while a player waits for a picture, and paints a scene wanted before its turn at once', async () => {
    const first = store.freshScene('place', random)!;
    const fetching = store.fetchImage('place', first.scene);
    await paintsReach(paints, 1);
    paints[0]!.finish();
    await fetching;
    await paintsReach(paints, 2);
    expect(paints).toHaveLength(2); // the next scene, ahead
    // A player waits for another picture (a scene not painted ahead) while the scene ahead is finished.
    const own = store.fetchImage('place', { seed: 7, along: 0 });
    await paintsReach(paints, 3);
    expect(paints).toHaveLength(3);
    paints[1]!.finish();
    await settle();
    // A round takes the scene painted ahead and is served it; the scene after waits: a player still waits.
    const second = store.freshScene('place', random)!;
    expect((await store.fetchImage('place', second.scene)).body).toEqual(jpegOf(second.scene.seed));
    await settle();
    expect(paints).toHaveLength(3);
    // A round takes that waiting scene before its turn: it is painted for that round now.
    const third = store.freshScene('place', random)!;
    const wanted = store.fetchImage('place', third.scene);
    await paintsReach(paints, 4);
    expect(paints).toHaveLength(4);
    expect(paints[3]!.scene!.seed).toBe(third.scene.seed);
    paints[3]!.finish();
    expect((await wanted).body).toEqual(jpegOf(third.scene.seed));
    // Once the player's own picture is done, painting ahead resumes, with the scene for the round after.
    paints[2]!.finish();
    await own;
    await paintsReach(paints, 5);
    expect(paints).toHaveLength(5);
    expect(paints[4]!.scene!.seed).not.toBe(third.scene.seed);
    paints[4]!.finish();
  });

  it('paints nothing ahead for rounds whose pictures nobody loads, and keeps no scene on disk past a restart', async () => {
    for (let round = 0; round < 5; round++) store.freshScene('place', random);
    await settle();
    expect(paints).toHaveLength(0);
    // Closing waits for the folder to be cleared and for any paint under way.
    await store.close();
    const folder = join(dir, 'imagery', 'rendered', 'held.1', 'ahead');
    expect(await readdir(folder)).toEqual([]);
    // A scene left by a process that stopped is for a round that will never be played again.
    await writeFile(join(folder, 'place.123.jpg'), jpegOf(123));
    store = new LocalImageStore(join(dir, 'imagery'), { renderers: [heldRenderer().renderer] });
    await store.close();
    expect(await readdir(folder)).toEqual([]);
    store = new LocalImageStore(join(dir, 'imagery'), { renderers: [heldRenderer().renderer] });
  });
});

describe('scenes painted ahead on one replica, asked for on another (a shared picture store)', () => {
  it('serves the round’s scene from the shared store instead of painting it again', async () => {
    const { FilePictureStore } = await import('../../platform/pictures/file-picture-store.js');
    const dir = await mkdtemp(join(tmpdir(), 'globetrail-scenes-shared-'));
    // One folder seen by both replicas, standing for GridFS (shared; local files alone are not).
    const files = new FilePictureStore(join(dir, 'shared'));
    // Puts counted as they finish: the scene painted ahead reaches the shared store after its paint, at the disk's pace.
    const stored: string[] = [];
    const shared = Object.assign(Object.create(files) as InstanceType<typeof FilePictureStore>, {
      shared: true,
      put: async (...args: Parameters<typeof files.put>) => {
        await files.put(...args);
        stored.push(args[0]);
      },
    });
    const [atA, atB] = [heldRenderer(), heldRenderer()];
    const a = new LocalImageStore(join(dir, 'a'), { renderers: [atA.renderer], uploads: shared });
    const b = new LocalImageStore(join(dir, 'b'), { renderers: [atB.renderer], uploads: shared });
    for (const store of [a, b]) store.addRendered([{ imageId: 'place', location: { lat: 10, lng: 20 }, heading: 0, renderer: 'held', recipe: 'place' }]);
    try {
      // Replica a: a round of the place is looked at, so its next scene is painted ahead there.
      const first = a.freshScene('place', random)!;
      const fetching = a.fetchImage('place', first.scene);
      await paintsReach(atA.paints, 1);
      atA.paints[0]!.finish();
      await fetching;
      await paintsReach(atA.paints, 2);
      const aheadSeed = atA.paints[1]!.scene!.seed;
      atA.paints[1]!.finish();
      await paintsReach(stored, 1);
      // The next round is prepared on a (it takes the scene painted ahead); its picture is asked of b.
      const second = a.freshScene('place', random)!;
      expect(second.scene.seed).toBe(aheadSeed);
      expect((await b.fetchImage('place', second.scene)).body).toEqual(jpegOf(aheadSeed));
      expect(atB.paints).toHaveLength(0);
    } finally {
      await a.close();
      await b.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
