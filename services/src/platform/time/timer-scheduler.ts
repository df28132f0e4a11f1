import { Logger } from '@nestjs/common';
import type { Clock } from './clock.js';

/** setTimeout cannot wait longer than this; longer waits are re-armed when they fire. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Named one-shot timers on a clock. Scheduling a key again replaces its timer, so callers can re-derive
 * every deadline of a game after each change and simply schedule them all.
 */
export class TimerScheduler {
  private readonly timers = new Map<string, { at: number; handle: NodeJS.Timeout }>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private readonly logger = new Logger('timers');

  constructor(private readonly clock: Clock) {}

  schedule(key: string, at: number, task: () => Promise<void>): void {
    if (this.stopped) return;
    const existing = this.timers.get(key);
    if (existing?.at === at) return;
    if (existing) clearTimeout(existing.handle);
    const arm = (): NodeJS.Timeout =>
      setTimeout(() => {
        if (this.clock.now() < at) {
          this.timers.set(key, { at, handle: arm() });
          return;
        }
        this.timers.delete(key);
        const run = task()
          .catch((error: Error) => this.logger.error(`${key}: ${error.stack ?? error.message}`))
          .finally(() => this.running.delete(run));
        this.running.add(run);
      }, Math.min(MAX_TIMEOUT_MS, Math.ceil(this.clock.realDelayUntil(at))));
    this.timers.set(key, { at, handle: arm() });
  }

  /** Cancels every timer whose key starts with `prefix` and is not in `keep`. */
  cancelOthers(prefix: string, keep: ReadonlySet<string>): void {
    for (const [key, timer] of this.timers) {
      if (key.startsWith(prefix) && !keep.has(key)) {
        clearTimeout(timer.handle);
        this.timers.delete(key);
      }
    }
  }

  pending(prefix = ''): string[] {
    return [...this.timers.keys()].filter((key) => key.startsWith(prefix));
  }

  /** Cancels what is scheduled and waits for tasks already running. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer.handle);
    this.timers.clear();
    await Promise.all(this.running);
  }
}
