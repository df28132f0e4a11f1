import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Limiter, LimiterStore } from './limiter-store.port.js';
import { MemoryLimiterStore } from './memory-limiter-store.js';

/** `points` actions per `seconds`, for one player or one address. */
export interface Window {
  points: number;
  seconds: number;
}

export interface LimitRule {
  /** What is limited, as the 429's message names it ("new guest sessions"). */
  what: string;
  player?: Window;
  address?: Window;
}

/**
 * The abuse limits (docs/security.md), each per player and/or per client address. Generous for people —
 * a round takes a guess every few seconds at most, a family or a classroom shares one address — and tight
 * for scripts. RATE_LIMIT_SCALE multiplies them all (0 turns them off for a private load test).
 */
export const RATE_LIMITS = {
  anonymousSession: { what: 'new guest sessions', address: { points: 60, seconds: 3600 } },
  signUp: { what: 'sign-ups', address: { points: 10, seconds: 3600 } },
  /** Failed sign-ins from one address, over every email: a script trying many accounts (docs/security.md). */
  failedSignIn: { what: 'failed sign-ins', address: { points: 30, seconds: 900 } },
  passwordReset: { what: 'password-reset requests', address: { points: 10, seconds: 3600 } },
  guess: { what: 'guesses', player: { points: 60, seconds: 60 }, address: { points: 600, seconds: 60 } },
  chat: { what: 'chat messages', player: { points: 20, seconds: 60 }, address: { points: 200, seconds: 60 } },
  clientErrorReport: { what: 'error reports', player: { points: 10, seconds: 60 }, address: { points: 10, seconds: 60 } },
  socketConnection: { what: 'live connections', player: { points: 30, seconds: 60 }, address: { points: 120, seconds: 60 } },
  // A game a minute is a brisk player; a script starting games to fish for pictures is not.
  gameStart: { what: 'new games', player: { points: 30, seconds: 600 }, address: { points: 300, seconds: 600 } },
  challengeCreated: { what: 'new challenges', player: { points: 20, seconds: 3600 }, address: { points: 100, seconds: 3600 } },
  mapSave: { what: 'map saves', player: { points: 60, seconds: 3600 }, address: { points: 300, seconds: 3600 } },
  // Weighted: one point a location written (a full map is 10,000).
  mapLocationsWritten: { what: 'map locations written', player: { points: 50_000, seconds: 3600 }, address: { points: 200_000, seconds: 3600 } },
  mapPreview: { what: 'map editor previews', player: { points: 60, seconds: 600 }, address: { points: 300, seconds: 600 } },
  // The editor asks again after each change to its locations (debounced): a busy editing session.
  mapCoverage: { what: 'map editor picture counts', player: { points: 120, seconds: 600 }, address: { points: 600, seconds: 600 } },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof RATE_LIMITS;

/** Who acts: the player (when signed in) and the client address. */
export interface Actor {
  player?: string | null;
  address?: string | null;
}

export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';

  constructor(
    readonly limit: LimitName,
    readonly retryAfterSeconds: number,
    readonly allowed: Window,
  ) {
    super(`too many ${RATE_LIMITS[limit].what}: ${allowed.points} per ${describe(allowed.seconds)} are allowed; try again in ${retryAfterSeconds} s`);
  }
}

const describe = (seconds: number) => (seconds % 3600 === 0 ? (seconds === 3600 ? 'hour' : `${seconds / 3600} hours`) : seconds % 60 === 0 ? (seconds === 60 ? 'minute' : `${seconds / 60} minutes`) : `${seconds} s`);

/**
 * The limiters (rate-limiter-flexible), counting in a LimiterStore: this process's memory on the embedded
 * stack, MongoDB on the full stack, where every replica then counts against the same windows.
 */
export class RateLimits {
  private readonly limiters = new Map<string, { limiter: Limiter; window: Window }>();

  constructor(
    private readonly scale: number,
    private readonly store: LimiterStore = new MemoryLimiterStore(),
  ) {}

  get enabled(): boolean {
    return this.scale > 0;
  }

  /**
   * Counts one action; throws RateLimitedError when a window is full, and then counts nothing: a point
   * already taken from another of the action's windows (the player's, when the address's is full) is
   * given back, so a refused action never uses up anyone's allowance.
   */
  async consume(name: LimitName, actor: Actor, points = 1): Promise<void> {
    const taken: Array<[string, Limiter]> = [];
    for (const [key, entry] of this.keyed(name, actor)) {
      try {
        await entry.limiter.consume(key, points);
        taken.push([key, entry.limiter]);
      } catch (error) {
        // The refusing window counted the points too: a refused action, however large, takes nothing.
        if (error instanceof RateLimiterRes) await entry.limiter.reward(key, points);
        for (const [givenBack, limiter] of taken) await limiter.reward(givenBack, points);
        throw this.refusal(name, entry.window, error);
      }
    }
  }

  /** Throws when a window is already full, without counting (for limits that count failures only). */
  async check(name: LimitName, actor: Actor): Promise<void> {
    for (const [key, entry] of this.keyed(name, actor)) {
      const state = await entry.limiter.get(key);
      if (state && state.consumedPoints >= entry.window.points) throw this.refusal(name, entry.window, state);
    }
  }

  /** Counts a failure against a failures-only limit (see check). */
  async penalize(name: LimitName, actor: Actor): Promise<void> {
    for (const [key, entry] of this.keyed(name, actor)) await entry.limiter.penalty(key, 1);
  }

  private keyed(name: LimitName, actor: Actor): Array<[string, { limiter: Limiter; window: Window }]> {
    if (!this.enabled) return [];
    const rule: LimitRule = RATE_LIMITS[name];
    const keyed: Array<[string, { limiter: Limiter; window: Window }]> = [];
    if (rule.player && actor.player) keyed.push([actor.player, this.limiter(`${name}:player`, rule.player)]);
    if (rule.address && actor.address) keyed.push([actor.address, this.limiter(`${name}:address`, rule.address)]);
    return keyed;
  }

  private limiter(id: string, window: Window) {
    let entry = this.limiters.get(id);
    if (!entry) {
      const scaled = { points: Math.max(1, Math.round(window.points * this.scale)), seconds: window.seconds };
      entry = { limiter: this.store.limiter(id, scaled.points, scaled.seconds), window: scaled };
      this.limiters.set(id, entry);
    }
    return entry;
  }

  private refusal(name: LimitName, window: Window, error: unknown): RateLimitedError {
    if (!(error instanceof RateLimiterRes)) throw error;
    return new RateLimitedError(name, Math.max(1, Math.ceil(error.msBeforeNext / 1000)), window);
  }
}
