import { limiterStoreContract } from './limiter-store.contract.js';
import { MemoryLimiterStore } from './memory-limiter-store.js';

limiterStoreContract('memory', async () => {
  const store = new MemoryLimiterStore();
  return { store, replica: null, cleanup: () => store.close() };
});
