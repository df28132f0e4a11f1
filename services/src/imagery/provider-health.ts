import { Logger } from '@nestjs/common';

export type HealthStatus = 'unknown' | 'up' | 'down';

export interface ProviderHealthOptions {
  /** How long a provider found down is left alone before it is probed again. */
  recheckMs?: number;
  now?: () => number;
}

/**
 * Whether an online imagery provider answers, as last seen. Rounds ask `available()` before they search
 * it, so a machine without network (or a provider that is down) starts rounds at once from the offline
 * default instead of waiting through retries for each round; a failure during a round marks it down.
 *
 * The first probe runs in the background when the server starts; until it answers the provider counts
 * as unavailable. A provider found down is probed again, in the background, at most every `recheckMs`,
 * when a round asks for it.
 */
export class ProviderHealth {
  private status: HealthStatus = 'unknown';
  private checkedAt = Number.NEGATIVE_INFINITY;
  private probing: Promise<void> | null = null;
  private readonly logger: Logger;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    readonly provider: string,
    private readonly probe: () => Promise<unknown>,
    options: ProviderHealthOptions = {},
  ) {
    this.recheckMs = options.recheckMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.logger = new Logger(`imagery:${provider}`);
  }

  get current(): HealthStatus {
    return this.status;
  }

  /** True when the provider answered its last probe and has not failed since. */
  available(): boolean {
    if (this.status !== 'up' && this.now() - this.checkedAt >= this.recheckMs) void this.check();
    return this.status === 'up';
  }

  /** A request failed after its retries (or its circuit is open): use the offline default for now. */
  markDown(reason: string): void {
    if (this.status !== 'down') this.logger.warn(`${this.provider} is unavailable, rounds use the offline pictures: ${reason}`);
    this.status = 'down';
    this.checkedAt = this.now();
  }

  /** Probes now (once, however many ask at the same time) and resolves when the answer is in. */
  check(): Promise<void> {
    this.probing ??= (async () => {
      this.checkedAt = this.now();
      try {
        await this.probe();
        if (this.status !== 'up') this.logger.log(`${this.provider} answers: rounds use its pictures`);
        this.status = 'up';
      } catch (error) {
        this.markDown((error as Error).message);
      } finally {
        this.probing = null;
      }
    })();
    return this.probing;
  }
}
