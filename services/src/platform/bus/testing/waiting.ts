/** Collects what handlers see, and lets a test wait until what was seen satisfies a check. */
export class Inbox<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<() => void>();

  push(item: T): void {
    this.items.push(item);
    for (const waiter of [...this.waiters]) waiter();
  }

  until(check: (items: readonly T[]) => boolean, what: string, timeoutMs = 5000): Promise<void> {
    if (check(this.items)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!check(this.items)) return;
        this.waiters.delete(waiter);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting until ${what}; saw ${this.items.length} items`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}

/** Holds handler calls until the test opens it. */
export class Gate {
  private release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));

  open(): void {
    this.release();
  }
}

/** Checks again after each turn of the event loop, for state no callback reports. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
