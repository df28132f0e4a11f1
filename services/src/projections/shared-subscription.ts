import type { AllSubscription, EventStore, RecordedEvent } from '../platform/event-store/event-store.port.js';

/** How many events a subscriber may have waiting before the shared read pauses for it. */
const HIGH_WATER = 4096;

/**
 * One read of the event log for several projection runners (a rebuild of every read model): the event
 * store's `$all` subscription is opened once, when the `expected` subscribers have all subscribed, from the
 * earliest position any asked for, and each event goes to every subscriber as the same frozen object, so
 * it is read and parsed once (domain-event.ts caches the parse of a frozen event) rather than once per read
 * model. A subscriber gets the events after its own position; the read pauses while any subscriber has
 * HIGH_WATER events waiting, so memory stays bounded by the slowest. Only `subscribeToAll` is shared; the
 * other calls go to the event store.
 */
export class SharedSubscription implements EventStore {
  private readonly taps = new Set<Tap>();
  private waiting: Tap[] = [];
  private source: AllSubscription | null = null;
  private pump: Promise<void> | null = null;
  private resume: (() => void) | null = null;
  /** Events delivered so far (each once, however many subscribers). */
  private delivered = 0;

  constructor(
    private readonly inner: EventStore,
    private readonly expected: number,
    /** The event types any subscriber reads the data of (SubscribeToAllOptions.types); absent: all. */
    private readonly types?: readonly string[],
  ) {}

  /** Events read from the log so far: delivered, or passed by by the store (SubscribeToAllOptions.types). */
  get read(): number {
    return this.delivered + (this.source?.leftOut ?? 0);
  }

  append: EventStore['append'] = (...args) => this.inner.append(...args);
  readStream: EventStore['readStream'] = (...args) => this.inner.readStream(...args);
  readAll: EventStore['readAll'] = (...args) => this.inner.readAll(...args);
  /** The event store stays open: it is the caller's. */
  close: EventStore['close'] = async () => {
    await this.source?.unsubscribe();
    await this.pump;
  };

  subscribeToAll({ fromPosition }: Parameters<EventStore['subscribeToAll']>[0]): AllSubscription {
    if (fromPosition === 'end') throw new Error('a shared subscription starts from a position or the start');
    const tap = new Tap(fromPosition === 'start' ? -1n : fromPosition, this);
    this.taps.add(tap);
    this.waiting.push(tap);
    if (this.waiting.length === this.expected && !this.source) this.open();
    return tap;
  }

  /** A subscriber took an event: the read may go on if it was waiting for this one. */
  drained(): void {
    const resume = this.resume;
    if (!resume) return;
    // Called at every event each subscriber takes: no array made to look.
    for (const tap of this.taps) if (tap.backlog >= HIGH_WATER) return;
    this.resume = null;
    resume();
  }

  leave(tap: Tap): void {
    this.taps.delete(tap);
    if (this.taps.size === 0) void this.source?.unsubscribe();
    else this.drained();
  }

  private open(): void {
    const from = this.waiting.reduce((earliest, tap) => (tap.after < earliest ? tap.after : earliest), this.waiting[0]!.after);
    this.waiting = [];
    const source = this.inner.subscribeToAll({ fromPosition: from < 0n ? 'start' : from, ...(this.types ? { types: this.types } : {}) });
    this.source = source;
    const iterator = source[Symbol.asyncIterator]();
    this.pump = (async () => {
      try {
        for (;;) {
          const next = await iterator.next();
          if (next.done) break;
          // The events the source already holds (a page read at once) go out together, without a promise
          // each: subscribers then take them with poll() in one run rather than waking once per event (a
          // promise, a race and a wake-up per event and subscriber were half of a rebuild's garbage).
          let event: RecordedEvent | undefined = next.value;
          let full = false;
          while (event !== undefined) {
            const shared = Object.isFrozen(event) ? event : Object.freeze(event);
            this.delivered += 1;
            for (const tap of this.taps) full = tap.push(shared) || full;
            if (full) break;
            event = source.poll?.();
          }
          if (full) await new Promise<void>((resolve) => (this.resume = resolve));
        }
        for (const tap of this.taps) tap.end(null);
      } catch (error) {
        for (const tap of this.taps) tap.end(error as Error);
      }
    })();
  }
}

class Tap implements AllSubscription, AsyncIterator<RecordedEvent> {
  private queue: RecordedEvent[] = [];
  private head = 0;
  private waiter: { resolve: (result: IteratorResult<RecordedEvent>) => void; reject: (error: Error) => void } | null = null;
  private ended: { error: Error | null } | null = null;

  constructor(
    readonly after: bigint,
    private readonly shared: SharedSubscription,
  ) {}

  get backlog(): number {
    return this.queue.length - this.head;
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    return this;
  }

  /** Returns true when this subscriber has HIGH_WATER events waiting. */
  push(event: RecordedEvent): boolean {
    if (this.ended || event.position <= this.after) return false;
    if (this.waiter) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve({ done: false, value: event });
      return false;
    }
    this.queue.push(event);
    return this.backlog >= HIGH_WATER;
  }

  end(error: Error | null): void {
    if (this.ended) return;
    this.ended = { error };
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) error ? waiter.reject(error) : waiter.resolve({ done: true, value: undefined });
  }

  poll(): RecordedEvent | undefined {
    if (this.head >= this.queue.length) return undefined;
    const value = this.queue[this.head]!;
    this.head += 1;
    if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    this.shared.drained();
    return value;
  }

  next(): Promise<IteratorResult<RecordedEvent>> {
    const value = this.poll();
    if (value) return Promise.resolve({ done: false, value });
    if (this.ended) return this.ended.error ? Promise.reject(this.ended.error) : Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  async return(): Promise<IteratorResult<RecordedEvent>> {
    await this.unsubscribe();
    return { done: true, value: undefined };
  }

  async unsubscribe(): Promise<void> {
    if (this.ended) return;
    this.queue = [];
    this.head = 0;
    this.end(null);
    this.shared.leave(this);
  }
}
