import { randomUUID } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterStore } from './limiter-store.port.js';

/**
 * What every LimiterStore does, run on each adapter (MongoDB's when MONGO_URL is set). `open` gives a store
 * and, for a shared store, a second one on the same data (another replica).
 */
export function limiterStoreContract(name: string, open: () => Promise<{ store: LimiterStore; replica: LimiterStore | null; cleanup: () => Promise<void> }>): void {
  describe(`LimiterStore contract: ${name}`, () => {
    let store: LimiterStore;
    let replica: LimiterStore | null;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, replica, cleanup } = await open());
    });
    afterAll(() => cleanup());
    const window = () => `contract-${randomUUID().slice(0, 8)}`;

    it('counts each key up to its window, then refuses with the time until the window ends', async () => {
      const limiter = store.limiter(window(), 3, 60);
      for (let i = 1; i <= 3; i++) expect((await limiter.consume('ada')).consumedPoints).toBe(i);
      const refused = await limiter.consume('ada').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RateLimiterRes);
      expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);
      expect((refused as RateLimiterRes).msBeforeNext).toBeLessThanOrEqual(60_000);
      // Another key, and the same key in another window, have their own counts.
      await limiter.consume('bob');
      await store.limiter(window(), 3, 60).consume('ada');
    });

    it('weighs an action by its points, gives points back, adds penalties, and says where a key stands', async () => {
      const limiter = store.limiter(window(), 10, 60);
      expect(await limiter.get('ada')).toBeNull();
      await limiter.consume('ada', 7);
      await limiter.reward('ada', 5);
      await limiter.penalty('ada', 1);
      expect((await limiter.get('ada'))?.consumedPoints).toBe(3);
      await expect(limiter.consume('ada', 8)).rejects.toBeInstanceOf(RateLimiterRes);
    });

    it('starts a key afresh once its window has passed', async () => {
      const limiter = store.limiter(window(), 1, 1);
      await limiter.consume('ada');
      await expect(limiter.consume('ada')).rejects.toBeInstanceOf(RateLimiterRes);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await limiter.consume('ada')).consumedPoints).toBe(1);
    });

    it('counts every replica against the same windows when it is shared', async () => {
      if (!store.shared) {
        expect(replica).toBeNull();
        return;
      }
      const id = window();
      await store.limiter(id, 2, 60).consume('ada');
      await replica!.limiter(id, 2, 60).consume('ada');
      await expect(store.limiter(id, 2, 60).consume('ada')).rejects.toBeInstanceOf(RateLimiterRes);
    });
  });
}
