interface Waiter {
  position: bigint;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Callers waiting for a read model to reach an event position (read-your-writes), and how far it is. */
export class PositionWaiters {
  private waiters: Waiter[] = [];
  private reached: bigint | null = null;
  private failure: Error | null = null;

  constructor(private readonly name: string) {}

  /** Position of the last event accounted for; null before the first. */
  get position(): bigint | null {
    return this.reached;
  }

  /** Resolves once `position` is reached; rejects after `timeoutMs`, or at once if the read model stopped. */
  waitFor(position: bigint, timeoutMs = 5000): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.reached !== null && this.reached >= position) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        position,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new Error(`projection ${this.name} did not reach position ${position} within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** The read model has accounted for every event up to `position`. */
  reach(position: bigint | null): void {
    if (position === null || (this.reached !== null && position <= this.reached)) return;
    this.reached = position;
    if (this.waiters.length === 0) return;
    for (const waiter of this.waiters) {
      if (waiter.position > position) continue;
      clearTimeout(waiter.timer);
      waiter.resolve();
    }
    this.waiters = this.waiters.filter((w) => w.position > position);
  }

  /** Stopped on an error: every wait, now and later, fails with it until `restart`. */
  fail(error: Error): void {
    this.failure = error;
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.waiters = [];
  }

  /** Starts over (a rebuild): from `position`, with no failure. */
  restart(position: bigint | null): void {
    this.failure = null;
    this.reached = null;
    this.reach(position);
  }

  get failed(): Error | null {
    return this.failure;
  }
}
