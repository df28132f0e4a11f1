import { type DynamicModule, Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimits } from './rate-limits.js';

/** The abuse limits for every module (global): `RateLimits` to count, `RateLimitGuard` for `@RateLimit(…)` routes. */
@Module({})
export class RateLimitModule {
  static forRoot(scale: number): DynamicModule {
    return { module: RateLimitModule, global: true, providers: [{ provide: RateLimits, useValue: new RateLimits(scale) }, RateLimitGuard], exports: [RateLimits, RateLimitGuard] };
  }
}
