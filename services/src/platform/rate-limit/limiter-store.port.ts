import type { RateLimiterRes } from 'rate-limiter-flexible';

/**
 * One window of one limit (say "chat messages per player"): rate-limiter-flexible's limiter API, which
 * both adapters are. `consume` rejects with a RateLimiterRes when the window is full (after counting the
 * points: a caller that refuses the action gives them back with `reward`).
 */
export interface Limiter {
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  reward(key: string, points?: number): Promise<RateLimiterRes>;
  penalty(key: string, points?: number): Promise<RateLimiterRes>;
  get(key: string): Promise<RateLimiterRes | null>;
}

/**
 * Where the limits count (issue 29): in this process's memory on the embedded stack, in MongoDB on the full
 * stack so that every api and gateway replica counts against the same windows. The contract suite beside
 * this file runs on both (MongoDB's when MONGO_URL is set).
 */
export interface LimiterStore {
  /** Every process sharing the store counts against the same windows. */
  readonly shared: boolean;
  /** The limiter for the window `id` ("chat:player"): `points` per `seconds` for each key. */
  limiter(id: string, points: number, seconds: number): Limiter;
  close(): Promise<void>;
}
