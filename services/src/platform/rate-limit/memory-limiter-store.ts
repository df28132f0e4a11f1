import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Limiter, LimiterStore } from './limiter-store.port.js';

/** The limits in this process's memory: the embedded stack, one process, nothing to share. */
export class MemoryLimiterStore implements LimiterStore {
  readonly shared = false;

  limiter(id: string, points: number, seconds: number): Limiter {
    return new RateLimiterMemory({ keyPrefix: id, points, duration: seconds });
  }

  async close(): Promise<void> {}
}
