import { Logger } from '@nestjs/common';
import type { AllSubscription, EventStore, RecordedEvent } from '../event-store/event-store.port.js';
import type { ReadStore } from '../read-store/read-store.port.js';
import { type MessageBus, type OutgoingMessage, topics } from './message-bus.port.js';
import { type RelayedEvent, toRelayedEvent } from './relayed-event.js';

const MAX_BATCH_EVENTS = 500;
const IDLE = Symbol('idle');

export interface EventRelayOptions {
  topic?: string;
  /** Wait before retrying a publish that failed; doubles with each failure of the same batch. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * How often at most the checkpoint is written while events flow (default 1000 ms); a stop always writes
   * it. After a crash, what was published since the last checkpoint is published again (at least once).
   */
  checkpointEveryMs?: number;
}

/** The read store checkpoint a relay keeps, next to the projections' own. */
export const relayCheckpointName = (name: string) => `relay:${name}`;

/**
 * The relay role: publishes every appended event to the bus (`topics.events` unless told), keyed by
 * stream id and in position order, so each stream's events reach consumers in order. Events are
 * published in batches, 500 at most or whatever the subscription has ready, and the checkpoint moves
 * only after a batch was accepted: after a crash a batch may be published again (at least once), never
 * skipped. A failed publish is retried with a backoff until it is accepted or the relay stops. Under a
 * steady flow of appends the checkpoint is written at most once per `checkpointEveryMs` rather than after
 * every batch: a write per batch, on the thread that serves the sockets, cost more than the publishing.
 */
export class EventRelay {
  private readonly logger: Logger;
  private readonly topic: string;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly checkpointEveryMs: number;
  private committed: bigint | null = null;
  private published: bigint | null = null;
  private lastCheckpointAt = 0;
  private subscription: AllSubscription | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private interruptRetry: (() => void) | undefined;

  constructor(
    readonly name: string,
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly bus: MessageBus,
    options: EventRelayOptions = {},
  ) {
    this.logger = new Logger(relayCheckpointName(name));
    this.topic = options.topic ?? topics.events;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.checkpointEveryMs = options.checkpointEveryMs ?? 1000;
  }

  /** Position of the last event published and checkpointed; null before the first. */
  get position(): bigint | null {
    return this.committed;
  }

  async start(): Promise<void> {
    if (this.loop) throw new Error(`relay ${this.name} is already running`);
    this.stopping = false;
    this.committed = await this.reads.checkpoint(relayCheckpointName(this.name));
    this.published = this.committed;
    this.lastCheckpointAt = Date.now();
    this.subscription = this.events.subscribeToAll({ fromPosition: this.committed ?? 'start' });
    this.loop = this.run(this.subscription).catch((error: Error) => {
      this.logger.error(`stopped: ${error.stack ?? error.message}`);
    });
  }

  /** Publishes and checkpoints what it has already read (one attempt), then ends. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.interruptRetry?.();
    await this.subscription?.unsubscribe();
    await this.loop;
    this.subscription = null;
    this.loop = null;
  }

  private async run(subscription: AllSubscription): Promise<void> {
    const iterator = subscription[Symbol.asyncIterator]();
    let batch: RecordedEvent[] = [];
    let next = iterator.next();
    for (;;) {
      let result: IteratorResult<RecordedEvent> | typeof IDLE;
      if (batch.length === 0) result = await next;
      else {
        result = await Promise.race([next, new Promise<typeof IDLE>((resolve) => setImmediate(() => resolve(IDLE)))]);
        if (result === IDLE) {
          if (!(await this.flush(batch))) return;
          batch = [];
          result = await next;
        }
      }
      if (result.done) break;
      next = iterator.next();
      const recorded = result.value;
      const published = batch.at(-1)?.position ?? this.published;
      if (published !== null && recorded.position <= published) continue;
      batch.push(recorded);
      if (batch.length >= MAX_BATCH_EVENTS) {
        if (!(await this.flush(batch))) return;
        batch = [];
      }
    }
    if (batch.length > 0 && !(await this.flush(batch))) return;
    await this.checkpoint(true);
  }

  /** False when the relay stopped before the batch was published (and its checkpoint written, when one is due). */
  private async flush(batch: RecordedEvent[]): Promise<boolean> {
    const position = batch.at(-1)!.position;
    const messages: Array<OutgoingMessage<RelayedEvent>> = batch.map((recorded) => ({
      key: recorded.streamId,
      value: toRelayedEvent(recorded),
      // Consumers that want only some types, or already have an event, pass it over without parsing it.
      headers: { type: recorded.type, revision: recorded.revision.toString() },
    }));
    for (let failures = 0; ; failures++) {
      try {
        if (this.published === null || position > this.published) {
          await this.bus.publish(this.topic, messages);
          this.published = position;
        }
        await this.checkpoint(false);
        return true;
      } catch (error) {
        const delay = Math.min(this.maxRetryDelayMs, this.retryDelayMs * 2 ** Math.min(failures, 30));
        const reason = error instanceof Error ? error.message : String(error);
        if (this.stopping) {
          this.logger.warn(`stopping with events up to position ${position} unconfirmed (published again on restart): ${reason}`);
          return false;
        }
        this.logger.warn(`publishing events up to position ${position} failed (attempt ${failures + 1}), retrying in ${delay} ms: ${reason}`);
        await this.pause(delay);
      }
    }
  }

  /** Writes the checkpoint when `force`d or when the last one is `checkpointEveryMs` old. */
  private async checkpoint(force: boolean): Promise<void> {
    const position = this.published;
    if (position === null || position === this.committed) return;
    if (!force && Date.now() - this.lastCheckpointAt < this.checkpointEveryMs) return;
    await this.reads.commit({ projection: relayCheckpointName(this.name), position, writes: [] });
    this.committed = position;
    this.lastCheckpointAt = Date.now();
  }

  private async pause(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.interruptRetry = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.interruptRetry = undefined;
  }
}
