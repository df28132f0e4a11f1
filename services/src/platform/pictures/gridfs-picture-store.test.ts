import { randomUUID } from 'node:crypto';
import { GridFsPictureStore } from './gridfs-picture-store.js';
import { pictureStoreContract } from './picture-store.contract.js';

const MONGO_URL = process.env.MONGO_URL;

if (MONGO_URL) {
  // Each run gets a database of its own; two connections to it stand for two replicas.
  pictureStoreContract('MongoDB GridFS', async () => {
    const database = `pictures_${randomUUID().slice(0, 8)}`;
    const [store, replica] = [await GridFsPictureStore.connect({ url: MONGO_URL, database }), await GridFsPictureStore.connect({ url: MONGO_URL, database })];
    return { store, replica, cleanup: async () => Promise.all([store.close(), replica.close()]).then(() => undefined) };
  });
} else {
  describe('picture store contract: MongoDB GridFS', () => {
    it.skip('skipped: MONGO_URL is not set (docker compose up mongo, then MONGO_URL=mongodb://localhost:27017/?directConnection=true)', () => {});
  });
}
