import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { LocalImageStore } from '../local/local-image-store.js';
import { openLocalImagery } from '../open-local-imagery.js';
import { SAMPLE_PLACES } from './sample-places.js';
import { createSampleRenderer } from './sample-renderer.js';
import { ensureSampleSet } from './sample-set.js';

describe('the sample set in a local image store', () => {
  let dir: string;
  let opened: LocalImageStore[];
  const track = (store: LocalImageStore) => {
    opened.push(store);
    return store;
  };
  const open = () => track(new LocalImageStore(join(dir, 'imagery'), { renderers: [createSampleRenderer()] }));

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'globetrail-sample-set-'));
    opened = [];
  });
  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('registers every sample place once, however often it is ensured, without rendering any', async () => {
    const store = open();
    const started = performance.now();
    expect(ensureSampleSet(store)).toBe(SAMPLE_PLACES.length);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(ensureSampleSet(store)).toBe(0);
    await store.close();
    opened = [];
    expect(ensureSampleSet(open())).toBe(0);

    const entries = opened[0]!.list();
    expect(entries).toHaveLength(SAMPLE_PLACES.length);
    expect(entries.map((entry) => entry.location)).toEqual(SAMPLE_PLACES.map(({ lat, lng }) => ({ lat, lng })));
  });

  it('gives sample pictures opaque ids that do not name the place', () => {
    const store = open();
    ensureSampleSet(store);
    for (const [index, entry] of store.list().entries()) {
      const place = SAMPLE_PLACES[index]!;
      expect(entry.imageId).toMatch(/^sample-[0-9a-f]{20}$/);
      expect(entry.imageId).not.toContain(place.key);
      expect(entry.attribution).toBe('GlobeTrail generated sample scene');
    }
  });

  it('serves a sample picture as a JPEG rendered on first fetch', async () => {
    const store = open();
    ensureSampleSet(store);
    const paris = await store.findNear({ lat: 43.7, lng: 4.6 }, 50_000);
    expect(paris).not.toBeNull();

    const image = await store.fetchImage(paris!.imageId);
    expect(image.contentType).toBe('image/jpeg');
    expect([...image.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await store.fetchImage(paris!.imageId)).body.equals(image.body)).toBe(true);
    // Painting a panorama takes about a second alone; with every suite's workers on 2 cores it took over 5.
  }, 30_000);

  it('leaves a store that already has pictures as it is', () => {
    const store = open();
    const jpeg = createCanvas(4, 2).toBuffer('image/jpeg');
    store.add({ location: { lat: 1, lng: 1 }, heading: 0, jpeg });
    expect(ensureSampleSet(store)).toBe(0);
    expect(store.count()).toBe(1);
  });

  it('needs a store that can render sample pictures', () => {
    const store = track(new LocalImageStore(join(dir, 'bare')));
    expect(() => ensureSampleSet(store)).toThrow(/sample renderer/);
    expect(store.count()).toBe(0);
  });

  it('is there when the local imagery is opened for the app', () => {
    const store = track(openLocalImagery(join(dir, 'app-imagery')));
    expect(store.count()).toBe(SAMPLE_PLACES.length);
  });
});
