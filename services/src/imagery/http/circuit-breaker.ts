import { ImageryUnavailableError } from '../imagery.port.js';

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failed calls (each after its retries) that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long an open circuit fails calls without trying the provider. Default 30 000 ms. */
  openMs?: number;
}

/**
 * Stops a game from waiting through every call's retries while a provider is down: once `failureThreshold`
 * calls in a row have failed, calls fail at once for `openMs`. Then a single trial call goes through
 * (half-open); its outcome closes the circuit or opens it for another `openMs`. Calls that arrive while
 * the trial is under way fail at once too, so a provider that is coming back gets one request, not a burst.
 */
export class CircuitBreaker {
  private readonly failureThreshold: number;
  private readonly openMs: number;
  private consecutiveFailures = 0;
  /** When the circuit last opened; null while closed. */
  private openedAt: number | null = null;
  private trialUnderWay = false;
  private lastFailure = '';

  constructor(
    private readonly provider: string,
    private readonly now: () => number,
    options: CircuitBreakerOptions = {},
  ) {
    this.failureThreshold = options.failureThreshold ?? 5;
    this.openMs = options.openMs ?? 30_000;
    if (!Number.isInteger(this.failureThreshold) || this.failureThreshold < 1) {
      throw new RangeError(`failureThreshold must be a positive integer: ${this.failureThreshold}`);
    }
    if (!(this.openMs >= 0)) throw new RangeError(`openMs must be a non-negative number: ${this.openMs}`);
  }

  /** 'half-open' as soon as `openMs` has passed: the next call will be the trial. */
  state(): CircuitState {
    if (this.openedAt === null) return 'closed';
    if (this.trialUnderWay || this.now() - this.openedAt >= this.openMs) return 'half-open';
    return 'open';
  }

  /** Lets a call through, or throws ImageryUnavailableError without it touching the network. */
  admit(): void {
    const state = this.state();
    if (state === 'closed') return;
    if (state === 'half-open' && !this.trialUnderWay) {
      this.trialUnderWay = true;
      return;
    }
    const waitS = Math.max(0, Math.ceil((this.openedAt! + this.openMs - this.now()) / 1000));
    const when = this.trialUnderWay ? 'a trial call is under way' : `next try in ${waitS} s`;
    throw new ImageryUnavailableError(
      `${this.provider} is unavailable (circuit open): ${this.consecutiveFailures} calls failed in a row, ${when}; ` +
        `last failure: ${this.lastFailure}`,
    );
  }

  succeeded(): void {
    this.consecutiveFailures = 0;
    this.openedAt = null;
    this.trialUnderWay = false;
  }

  /** `reason` ends up in fail-fast messages: it must already be free of secrets. */
  failed(reason: string): void {
    this.consecutiveFailures += 1;
    this.lastFailure = reason;
    if (this.trialUnderWay || this.consecutiveFailures >= this.failureThreshold) this.openedAt = this.now();
    this.trialUnderWay = false;
  }
}
