import { randomUUID } from 'node:crypto';
import { limiterStoreContract } from './limiter-store.contract.js';
import { MongoLimiterStore } from './mongo-limiter-store.js';

const MONGO_URL = process.env.MONGO_URL;

if (MONGO_URL) {
  // Each run gets a database of its own; two connections to it stand for two replicas.
  limiterStoreContract('MongoDB', async () => {
    const database = `limits_${randomUUID().slice(0, 8)}`;
    const [store, replica] = [await MongoLimiterStore.connect({ url: MONGO_URL, database }), await MongoLimiterStore.connect({ url: MONGO_URL, database })];
    return { store, replica, cleanup: async () => Promise.all([store.close(), replica.close()]).then(() => undefined) };
  });
} else {
  describe('LimiterStore contract: MongoDB', () => {
    it.skip('skipped: MONGO_URL is not set (docker compose up mongo, then MONGO_URL=mongodb://localhost:27017/?replicaSet=rs0)', () => {});
  });
}
