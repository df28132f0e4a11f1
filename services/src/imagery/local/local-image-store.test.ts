import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { ImageryUnavailableError } from '../imagery.port.js';
import { PanoramaRejectedError } from './local-image-input.js';
import { LocalImageStore } from './local-image-store.js';
import type { PanoramaRenderer } from './panorama-renderer.js';

function jpeg(shade: string): Buffer {
  const canvas = createCanvas(8, 4);
  const context = canvas.getContext('2d');
  context.fillStyle = shade;
  context.fillRect(0, 0, 8, 4);
  return canvas.toBuffer('image/jpeg');
}

function countingRenderer(version = '1'): PanoramaRenderer & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: 'test',
    version,
    calls,
    async render(recipe) {
      calls.push(recipe);
      await Promise.resolve();
      return jpeg(recipe);
    },
  };
}

describe('LocalImageStore', () => {
  let dir: string;
  let opened: LocalImageStore[];
  const open = (renderers: PanoramaRenderer[] = []) => {
    const store = new LocalImageStore(join(dir, 'imagery'), { renderers });
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'globetrail-local-imagery-'));
    opened = [];
  });
  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('serves an added picture and lists it as a local, answer-blind candidate', async () => {
    const store = open();
    const bytes = jpeg('#336699');
    const added = store.add({ location: { lat: 48.85, lng: 2.35 }, heading: 370, jpeg: bytes, attribution: 'me' });

    expect(store).toMatchObject({ name: 'local', answerBlind: true });
    expect(added).toEqual({
      provider: 'local',
      imageId: expect.stringMatching(/^[A-Za-z0-9-]+$/),
      location: { lat: 48.85, lng: 2.35 },
      heading: 10,
      attribution: 'me',
    });
    expect(store.list()).toEqual([added]);
    expect(store.count()).toBe(1);
    await expect(store.fetchImage(added.imageId)).resolves.toEqual({ body: bytes, contentType: 'image/jpeg' });
  });

  it('finds the nearest picture within the radius, and none outside it', async () => {
    const store = open();
    store.add({ imageId: 'far', location: { lat: 48.9, lng: 2.35 }, heading: 0, jpeg: jpeg('red') });
    store.add({ imageId: 'near', location: { lat: 48.86, lng: 2.35 }, heading: 0, jpeg: jpeg('green') });
    store.add({ imageId: 'elsewhere', location: { lat: -33.9, lng: 151.2 }, heading: 0, jpeg: jpeg('blue') });
    const paris = { lat: 48.85, lng: 2.35 };

    await expect(store.findNear(paris, 10_000)).resolves.toMatchObject({ imageId: 'near' });
    await expect(store.findNear(paris, 1_000)).resolves.toBeNull();
    await expect(store.findNear({ lat: 0, lng: 0 }, 20_000_000)).resolves.toMatchObject({ imageId: 'near' });
  });

  it('finds pictures across the antimeridian and near a pole', async () => {
    const store = open();
    store.add({ imageId: 'fiji-east', location: { lat: -17, lng: 179.95 }, heading: 0, jpeg: jpeg('red') });
    store.add({ imageId: 'pole', location: { lat: 89.99, lng: -120 }, heading: 0, jpeg: jpeg('white') });

    await expect(store.findNear({ lat: -17, lng: -179.95 }, 20_000)).resolves.toMatchObject({ imageId: 'fiji-east' });
    await expect(store.findNear({ lat: -17, lng: -179.5 }, 20_000)).resolves.toBeNull();
    await expect(store.findNear({ lat: 89.99, lng: 60 }, 5_000)).resolves.toMatchObject({ imageId: 'pole' });
  });

  it('keeps pictures when it is closed and opened again', async () => {
    const first = open();
    const added = first.add({ location: { lat: 1, lng: 2 }, heading: 90, jpeg: jpeg('#123456') });
    await first.close();
    opened = [];

    const again = open();
    expect(again.list()).toEqual([added]);
    await expect(again.fetchImage(added.imageId)).resolves.toMatchObject({ contentType: 'image/jpeg' });
  });

  it("keeps a player's own pictures out of the shared pool and gives them back only to their owner", async () => {
    const store = open();
    const shared = store.add({ location: { lat: 10, lng: 10 }, heading: 0, jpeg: jpeg('#111111') });
    const mine = store.add({ location: { lat: 10.001, lng: 10 }, heading: 0, jpeg: jpeg('#222222'), owner: 'ana' });
    const theirs = store.add({ location: { lat: 20, lng: 20 }, heading: 0, jpeg: jpeg('#333333'), owner: 'bo' });

    expect(store.list().map((picture) => picture.imageId)).toEqual([shared.imageId]);
    expect(store.count()).toBe(1);
    // The owned picture is nearer, but shared locations only find the shared pool.
    expect((await store.findNear({ lat: 10.001, lng: 10 }, 1_000))?.imageId).toBe(shared.imageId);
    expect(await store.findNear({ lat: 20, lng: 20 }, 1_000)).toBeNull();
    expect(store.ownedBy('ana', [theirs.imageId, mine.imageId, shared.imageId, '../x'])).toEqual([mine]);
    // Still served by id: a round that plays it gets its bytes.
    await expect(store.fetchImage(mine.imageId)).resolves.toMatchObject({ contentType: 'image/jpeg' });
  });

  it('opens a store made before pictures had owners, keeping its pictures shared', async () => {
    const Database = (await import('better-sqlite3')).default;
    const first = open();
    const added = first.add({ location: { lat: 1, lng: 1 }, heading: 0, jpeg: jpeg('#444444') });
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const db = new Database(join(dir, 'imagery', 'index.sqlite'));
    db.exec('CREATE TABLE old AS SELECT image_id, lat, lng, heading, attribution, renderer, recipe FROM panoramas; DROP TABLE panoramas; ALTER TABLE old RENAME TO panoramas');
    db.close();

    const reopened = open();
    expect(reopened.list()).toEqual([added]);
    const owned = reopened.add({ location: { lat: 2, lng: 2 }, heading: 0, jpeg: jpeg('#555555'), owner: 'ana' });
    expect(reopened.ownedBy('ana', [owned.imageId])).toEqual([owned]);
  });

  it('says a picture is unavailable when it does not know the id', async () => {
    const store = open();
    await expect(store.fetchImage('nope')).rejects.toBeInstanceOf(ImageryUnavailableError);
    await expect(store.fetchImage('../index')).rejects.toBeInstanceOf(ImageryUnavailableError);
    await expect(store.fetchImage('')).rejects.toBeInstanceOf(ImageryUnavailableError);
  });

  it('rejects bytes that are not a JPEG, bad locations, unsafe and duplicate ids, and keeps nothing of them', async () => {
    const store = open();
    const png = createCanvas(4, 2).toBuffer('image/png');
    const valid = { location: { lat: 10, lng: 10 }, heading: 0, jpeg: jpeg('black') };
    store.add({ ...valid, imageId: 'taken' });

    expect(() => store.add({ ...valid, jpeg: png })).toThrow(PanoramaRejectedError);
    expect(() => store.add({ ...valid, location: { lat: 91, lng: 0 } })).toThrow(PanoramaRejectedError);
    expect(() => store.add({ ...valid, heading: Number.NaN })).toThrow(PanoramaRejectedError);
    for (const imageId of ['../escape', 'a/b', '..', 'x.jpg', '']) {
      expect(() => store.add({ ...valid, imageId })).toThrow(PanoramaRejectedError);
    }
    expect(() => store.add({ ...valid, imageId: 'taken', jpeg: jpeg('white') })).toThrow(PanoramaRejectedError);

    expect(store.list().map((entry) => entry.imageId)).toEqual(['taken']);
    expect((await store.fetchImage('taken')).body).toEqual(valid.jpeg);
    expect((await readdir(join(dir, 'imagery', 'images'))).sort()).toEqual(['taken.jpg']);
    expect((await readdir(dir)).sort()).toEqual(['imagery']);
  });

  describe('with a renderer', () => {
    const entry = { imageId: 'made', location: { lat: 5, lng: 5 }, heading: 45, renderer: 'test', recipe: 'teal' };

    it('renders a picture once, on first fetch, even when asked for it twice at once', async () => {
      const renderer = countingRenderer();
      const store = open([renderer]);
      store.addRendered([entry]);
      expect(renderer.calls).toEqual([]);

      const [first, second] = await Promise.all([store.fetchImage('made'), store.fetchImage('made')]);
      const third = await store.fetchImage('made');

      expect(renderer.calls).toEqual(['teal']);
      expect(second.body).toEqual(first.body);
      expect(third).toEqual({ body: first.body, contentType: 'image/jpeg' });
    });

    it('keeps a rendered picture across reopening and renders again for a new renderer version', async () => {
      const before = countingRenderer('1');
      open([before]).addRendered([entry]);
      await opened[0]!.fetchImage('made');
      await opened[0]!.close();
      opened = [];

      const same = countingRenderer('1');
      await open([same]).fetchImage('made');
      expect(same.calls).toEqual([]);

      const newer = countingRenderer('2');
      await open([newer]).fetchImage('made');
      expect(newer.calls).toEqual(['teal']);
    });

    it('refuses entries for a renderer it does not have, and cannot serve them without it', async () => {
      const store = open([countingRenderer()]);
      expect(() => store.addRendered([entry, { ...entry, imageId: 'other', renderer: 'missing' }])).toThrow(
        PanoramaRejectedError,
      );
      expect(store.count()).toBe(0);

      store.addRendered([entry]);
      await store.close();
      opened = [];
      await expect(open().fetchImage('made')).rejects.toBeInstanceOf(ImageryUnavailableError);
    });

    it('reports a renderer that does not produce a JPEG as unavailable imagery', async () => {
      const broken: PanoramaRenderer = { name: 'test', version: '1', render: async () => Buffer.from('GIF89a') };
      const store = open([broken]);
      store.addRendered([entry]);
      await expect(store.fetchImage('made')).rejects.toBeInstanceOf(ImageryUnavailableError);
    });

    it('closes its renderers when it closes', async () => {
      const closed: string[] = [];
      const renderer = { ...countingRenderer(), close: async () => void closed.push('test') };
      const store = open([renderer]);
      await store.close();
      opened = [];
      expect(closed).toEqual(['test']);
    });
  });
});

describe('players’ uploads on several replicas (a shared picture store)', () => {
  it('an upload taken by one replica can be put in a map and played on another, for its owner only', async () => {
    const { FilePictureStore } = await import('../../platform/pictures/file-picture-store.js');
    const root = await mkdtemp(join(tmpdir(), 'globetrail-uploads-'));
    // One folder seen by both replicas, standing for GridFS (shared; local files alone are not).
    const uploads = Object.assign(Object.create(new FilePictureStore(join(root, 'shared'))) as InstanceType<typeof FilePictureStore>, { shared: true });
    const [a, b] = [new LocalImageStore(join(root, 'a'), { uploads }), new LocalImageStore(join(root, 'b'), { uploads })];
    try {
      const picture = jpeg('#3a7');
      const uploaded = await a.upload({ location: { lat: 48.85, lng: 2.35 }, heading: 90, jpeg: picture, owner: 'ana' });
      expect(b.ownedBy('ana', [uploaded.imageId])).toEqual([]);
      await expect(b.ownedByAnywhere('ana', [uploaded.imageId, 'no-such-picture'])).resolves.toEqual([uploaded]);
      await expect(b.ownedByAnywhere('bo', [uploaded.imageId])).resolves.toEqual([]);
      // Played on b: the same bytes, and kept there for the next fetch.
      expect((await b.fetchImage(uploaded.imageId)).body.equals(picture)).toBe(true);
      expect(b.ownedBy('ana', [uploaded.imageId])).toEqual([uploaded]);
      expect(b.list().map((p) => p.imageId)).not.toContain(uploaded.imageId);
      // Without a shared store, another replica knows nothing of it.
      const alone = new LocalImageStore(join(root, 'c'), { uploads: new FilePictureStore(join(root, 'shared')) });
      await expect(alone.ownedByAnywhere('ana', [uploaded.imageId])).resolves.toEqual([]);
      await expect(alone.fetchImage(uploaded.imageId)).rejects.toBeInstanceOf(ImageryUnavailableError);
      await alone.close();
    } finally {
      await a.close();
      await b.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('keeps one process’s uploads in its picture store’s files, not beside the pictures added as files', async () => {
    const { FilePictureStore } = await import('../../platform/pictures/file-picture-store.js');
    const root = await mkdtemp(join(tmpdir(), 'globetrail-uploads-'));
    const store = new LocalImageStore(join(root, 'imagery'), { uploads: new FilePictureStore(join(root, 'pictures')) });
    try {
      const picture = jpeg('#a52');
      const uploaded = await store.upload({ location: { lat: 1, lng: 2 }, heading: 0, jpeg: picture, owner: 'ana' });
      expect(await readdir(join(root, 'pictures', 'uploads'))).toEqual([`${uploaded.imageId}.jpg`, `${uploaded.imageId}.jpg.json`]);
      expect(await readdir(join(root, 'imagery', 'images'))).toEqual([]);
      expect((await store.fetchImage(uploaded.imageId)).body.equals(picture)).toBe(true);
      await expect(store.ownedByAnywhere('ana', [uploaded.imageId])).resolves.toEqual([uploaded]);
    } finally {
      await store.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses an upload the shared store cannot keep, keeping nothing here either', async () => {
    const root = await mkdtemp(join(tmpdir(), 'globetrail-uploads-'));
    const failing = { shared: true, put: async () => Promise.reject(new Error('GridFS is away')) } as unknown as import('../../platform/pictures/picture-store.port.js').PictureStore;
    const store = new LocalImageStore(join(root, 'a'), { uploads: failing });
    try {
      await expect(store.upload({ imageId: 'kept-nowhere', location: { lat: 1, lng: 2 }, heading: 0, jpeg: jpeg('#123'), owner: 'ana' })).rejects.toThrow(/GridFS is away/);
      expect(store.ownedBy('ana', ['kept-nowhere'])).toEqual([]);
      expect(await readdir(join(root, 'a', 'images'))).toEqual([]);
    } finally {
      await store.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
