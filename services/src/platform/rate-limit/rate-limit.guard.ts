import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiException } from '../../api/api-error.js';
import type { Principal } from '../../identity/identity.port.js';
import { type Actor, type LimitName, RateLimitedError, RateLimits } from './rate-limits.js';

const RATE_LIMIT = 'globetrail:rate-limit';

/** Names the limit a route counts against; pair with `@UseGuards(…AuthGuard, RateLimitGuard)` (auth first). */
export const RateLimit = (name: LimitName) => SetMetadata(RATE_LIMIT, name);

/** The actor of an HTTP request: its player when a guard put one on it, and its address (TRUST_PROXY aware). */
export function httpActor(request: Request & { principal?: Principal }): Actor {
  return { player: request.principal?.uid ?? null, address: request.ip ?? null };
}

/** A refusal as the API answers it: 429, a `Retry-After` header and a message saying when to try again. */
export function tooManyRequests(error: RateLimitedError, response: Response): ApiException {
  response.setHeader('Retry-After', String(error.retryAfterSeconds));
  return new ApiException(429, 'rate_limited', error.message);
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.getAllAndOverride<LimitName | undefined>(RATE_LIMIT, [context.getHandler(), context.getClass()]);
    if (!name) return true;
    const http = context.switchToHttp();
    try {
      await this.limits.consume(name, httpActor(http.getRequest()));
    } catch (error) {
      if (error instanceof RateLimitedError) throw tooManyRequests(error, http.getResponse<Response>());
      throw error;
    }
    return true;
  }
}
