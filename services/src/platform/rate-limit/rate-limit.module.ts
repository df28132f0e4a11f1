import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { LimiterStore } from './limiter-store.port.js';
import { MemoryLimiterStore } from './memory-limiter-store.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimits } from './rate-limits.js';

const LIMITER_STORE = Symbol('LIMITER_STORE');

/** Where the limits count: memory (embedded), or the full stack's MongoDB, shared by every replica. */
export type LimiterStoreConfig = { kind: 'memory' } | { kind: 'mongodb'; url: string; database: string | undefined };

@Injectable()
class LimiterStoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(LIMITER_STORE) private readonly store: LimiterStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/** The abuse limits for every module (global): `RateLimits` to count, `RateLimitGuard` for `@RateLimit(…)` routes. */
@Module({})
export class RateLimitModule {
  static forRoot(scale: number, storeConfig: LimiterStoreConfig = { kind: 'memory' }): DynamicModule {
    return {
      module: RateLimitModule,
      global: true,
      providers: [
        {
          provide: LIMITER_STORE,
          useFactory: async (): Promise<LimiterStore> => {
            if (storeConfig.kind !== 'mongodb' || scale <= 0) return new MemoryLimiterStore();
            // The MongoDB driver loads only where it is used (see app/stores.ts).
            const { MongoLimiterStore } = await import('./mongo-limiter-store.js');
            return MongoLimiterStore.connect({ url: storeConfig.url, ...(storeConfig.database ? { database: storeConfig.database } : {}) });
          },
        },
        { provide: RateLimits, useFactory: (store: LimiterStore) => new RateLimits(scale, store), inject: [LIMITER_STORE] },
        LimiterStoreLifecycle,
        RateLimitGuard,
      ],
      exports: [RateLimits, RateLimitGuard],
    };
  }
}
