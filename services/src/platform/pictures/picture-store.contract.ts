import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { PictureStore } from './picture-store.port.js';

export interface PictureStoreUnderTest {
  store: PictureStore;
  /** Another connection to the same pictures (another replica), for a shared store; the same store otherwise. */
  replica: PictureStore;
  cleanup: () => Promise<void>;
}

/** What every picture store adapter must do. Keys are unique per test, so a shared server needs no clearing. */
export function pictureStoreContract(adapterName: string, create: () => Promise<PictureStoreUnderTest>): void {
  describe(`picture store contract: ${adapterName}`, () => {
    let store: PictureStore;
    let replica: PictureStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, replica, cleanup } = await create());
    });
    afterEach(async () => cleanup());

    const key = (kind = 'uploads') => `${kind}/${randomUUID()}.jpg`;
    // A picture bigger than one GridFS chunk (255 KB), with every byte value.
    const picture = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7 + 3) % 256));

    it('gives back exactly the bytes, content type and metadata it stored, to every replica', async () => {
      const k = key();
      await store.put(k, picture, { contentType: 'image/jpeg', metadata: { owner: 'ana', lat: 45.5, heading: 90, shared: false, note: null } });
      for (const reader of [store, replica]) {
        const found = await reader.get(k);
        expect(found?.body.equals(picture)).toBe(true);
        expect(found).toMatchObject({ contentType: 'image/jpeg', metadata: { owner: 'ana', lat: 45.5, heading: 90, shared: false, note: null } });
        await expect(reader.head(k)).resolves.toEqual({ contentType: 'image/jpeg', metadata: { owner: 'ana', lat: 45.5, heading: 90, shared: false, note: null } });
      }
    });

    it('answers null for a key never stored, and after a delete', async () => {
      const k = key();
      await expect(store.get(k)).resolves.toBeNull();
      await expect(store.head(k)).resolves.toBeNull();
      await store.put(k, Buffer.from('x'));
      await replica.delete(k);
      await expect(store.get(k)).resolves.toBeNull();
      await store.delete(k);
    });

    it('replaces a picture put again under the same key', async () => {
      const k = key('variants');
      await store.put(k, Buffer.from('first'), { metadata: { n: 1 } });
      await replica.put(k, Buffer.from('second'), { metadata: { n: 2 } });
      const found = await store.get(k);
      expect(found?.body.toString()).toBe('second');
      expect(found?.metadata).toEqual({ n: 2 });
    });

    it('forgets a picture once its time is up, and sweeps it away', async () => {
      // The clock is moved rather than waited on, so a loaded machine cannot outrun a short time to live.
      const realNow = Date.now.bind(Date);
      let ahead = 0;
      const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
      try {
        const [short, kept] = [key('variants'), key('variants')];
        await store.put(short, Buffer.from('soon gone'), { ttlSeconds: 60 });
        await store.put(kept, Buffer.from('kept'), { ttlSeconds: 3600 });
        ahead = 59_000;
        await expect(replica.get(short)).resolves.toMatchObject({ body: Buffer.from('soon gone') });
        ahead = 60_001;
        await expect(replica.get(short)).resolves.toBeNull();
        await expect(store.head(short)).resolves.toBeNull();
        await store.sweep();
        await expect(store.get(kept)).resolves.toMatchObject({ body: Buffer.from('kept') });
        ahead = 0;
        await expect(store.get(short)).resolves.toBeNull();
      } finally {
        clock.mockRestore();
      }
    });

    it('refuses keys that are not kind/name, and could leave its folder', async () => {
      for (const bad of ['', 'noslash', '../etc/passwd', 'uploads/../x', 'uploads/a/b', 'Uploads/x', 'uploads/.hidden', 'uploads/']) {
        await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid key/);
        await expect(store.get(bad)).rejects.toThrow(/invalid key/);
      }
      await expect(store.put(key(), Buffer.from('x'), { ttlSeconds: 0 })).rejects.toThrow(/ttlSeconds/);
    });
  });
}
