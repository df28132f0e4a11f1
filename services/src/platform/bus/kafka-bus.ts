import { Logger } from '@nestjs/common';
import kafkajs, { type Admin, type Consumer, type IHeaders, type KafkaMessage, type Producer } from 'kafkajs';
import { KeyedQueue } from '../concurrency/keyed-queue.js';
import { backoffDelay, errorText, serialiseValue } from './bus-messages.js';
import { assertTopicName, type BusSubscription, type IncomingMessage, type MessageBus, type MessageHandler, type OutgoingMessage, type SubscribeOptions } from './message-bus.port.js';

const { Kafka, logLevel } = kafkajs;

/**
 * The message bus on Kafka (kafkajs), for the production stack: a relay publishes each appended event keyed
 * by its stream id, so one game's events share a partition and keep their order; each consumer group gets
 * every event. Kafka fans out and is never a store (a consumer that needs the past reads the event store).
 *
 * The port promises more than a partition gives: a failing message must hold back only its own key, not the
 * other keys of its partition. So a subscription takes each partition's messages as they come, hands them to
 * one lane per key (one call at a time, retried with backoff until it succeeds), and commits a partition's
 * offset only up to the first message not yet handled (PartitionProgress): at least once, in order per key.
 * A crash or a rebalance hands the uncommitted rest to another member, which may repeat some: consumers are
 * idempotent. A partition with more than `maxPendingPerPartition` messages waiting is paused until it drains.
 */
export interface KafkaBusOptions {
  /** `KAFKA_BROKERS`, comma-separated host:port. */
  brokers: string[];
  clientId?: string;
  /** Partitions of a topic this bus creates (default 12): the most consumers a group can spread over. */
  partitions?: number;
  /** Replicas of a topic this bus creates (default 1, one broker; 3 on a production cluster). */
  replicationFactor?: number;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  maxPendingPerPartition?: number;
  /** How long `subscribe()` waits for the group to take its partitions (default 30 s). */
  joinTimeoutMs?: number;
}

export class KafkaBus implements MessageBus {
  private readonly logger = new Logger('bus:kafka');
  private readonly kafka: InstanceType<typeof Kafka>;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly knownTopics = new Set<string>();
  private readonly subscriptions = new Set<KafkaSubscription>();
  private readonly settings: Required<Omit<KafkaBusOptions, 'brokers' | 'clientId'>>;
  private closed = false;

  private constructor(options: KafkaBusOptions) {
    this.kafka = new Kafka({ clientId: options.clientId ?? 'globetrail', brokers: options.brokers, logLevel: logLevel.WARN });
    // Idempotent and one request in flight: a retried send neither duplicates nor reorders a key's messages.
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    this.admin = this.kafka.admin();
    this.settings = {
      partitions: options.partitions ?? 12,
      replicationFactor: options.replicationFactor ?? 1,
      retryDelayMs: options.retryDelayMs ?? 100,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000,
      maxPendingPerPartition: options.maxPendingPerPartition ?? 10_000,
      joinTimeoutMs: options.joinTimeoutMs ?? 30_000,
    };
  }

  static async connect(options: KafkaBusOptions): Promise<KafkaBus> {
    const bus = new KafkaBus(options);
    await Promise.all([bus.producer.connect(), bus.admin.connect()]);
    return bus;
  }

  async publish<V>(topic: string, messages: Array<OutgoingMessage<V>>): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    // Every value is serialised before any is sent, so a bad one publishes nothing.
    const records = messages.map(({ key, value, headers }) => ({ key, value: serialiseValue(key, value), headers: { ...headers } }));
    if (records.length === 0) return;
    await this.ensureTopic(topic);
    await this.producer.send({ topic, acks: -1, messages: records });
  }

  async subscribe<V = unknown>(topic: string, options: SubscribeOptions, handler: MessageHandler<V>): Promise<BusSubscription> {
    this.assertOpen();
    assertTopicName(topic);
    if (!options.groupId) throw new Error('a subscription needs a groupId');
    await this.ensureTopic(topic);
    await this.positionNewGroup(topic, options);
    const consumer = this.kafka.consumer({ groupId: options.groupId });
    const { accept } = options;
    // Refused messages resolve at once, so their offsets are committed in order with the rest.
    const filtered: MessageHandler<unknown> = accept
      ? async (message) => {
          if (accept(message.key, message.headers)) await (handler as MessageHandler<unknown>)(message);
        }
      : (handler as MessageHandler<unknown>);
    const subscription = new KafkaSubscription(topic, consumer, filtered, this.settings, this.logger);
    await subscription.start(options.fromBeginning ?? false);
    this.subscriptions.add(subscription);
    subscription.onStopped(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await Promise.all([this.producer.disconnect(), this.admin.disconnect()]);
  }

  private async ensureTopic(topic: string): Promise<void> {
    if (this.knownTopics.has(topic)) return;
    await this.admin.createTopics({
      waitForLeaders: true,
      topics: [{ topic, numPartitions: this.settings.partitions, replicationFactor: this.settings.replicationFactor }],
    });
    this.knownTopics.add(topic);
  }

  /**
   * A group with no committed offsets starts "after the newest message" at the time Kafka first fetches
   * for it, which can be after this call returns. Committing the topic's current ends for it first makes
   * "every message published after subscribe() resolved reaches it" hold.
   */
  private async positionNewGroup(topic: string, { groupId, fromBeginning }: SubscribeOptions): Promise<void> {
    if (fromBeginning) return;
    const [committed] = await this.admin.fetchOffsets({ groupId, topics: [topic] });
    if (!committed || !hasNoCommits(committed.partitions)) return;
    const ends = await this.admin.fetchTopicOffsets(topic);
    await this.admin.setOffsets({ groupId, topic, partitions: ends.map(({ partition, high }) => ({ partition, offset: high })) });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the message bus is closed');
  }
}

/** True when Kafka holds no committed offset for any partition of the group (it answers -1). */
export function hasNoCommits(partitions: Array<{ offset: string }>): boolean {
  return partitions.every(({ offset }) => offset === '-1' || offset === '');
}

/** kafkajs headers (Buffers, strings or lists of them) as the port's strings; a list keeps its last value. */
export function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) decoded[name] = last.toString();
  }
  return decoded;
}

/** A Kafka record as the port hands it to a handler: a fresh value parsed for every call. */
export function toIncoming<V>(topic: string, message: KafkaMessage): IncomingMessage<V> {
  // Parsed when first read: a handler that passes a message over on its key or headers never parses it.
  let value: { parsed: V } | null = null;
  return {
    topic,
    key: message.key?.toString() ?? '',
    get value() {
      value ??= { parsed: JSON.parse(message.value?.toString() ?? 'null') as V };
      return value.parsed;
    },
    offset: BigInt(message.offset),
    headers: decodeHeaders(message.headers),
  };
}

/**
 * One partition's offsets, in the order they arrived (ascending), and which of them are handled. The offset
 * to commit is the one after the longest handled run from the oldest: Kafka resumes a group there, so
 * nothing unhandled is skipped, whatever order the keys' lanes finish in.
 */
export class PartitionProgress {
  private readonly offsets: bigint[] = [];
  private head = 0;
  private readonly handled = new Set<bigint>();
  private committable: bigint | null = null;

  received(offset: bigint): void {
    const last = this.offsets.at(-1);
    if (last !== undefined && offset <= last) throw new Error(`offset ${offset} arrived after ${last}`);
    this.offsets.push(offset);
  }

  /** Marks an offset handled; returns the new offset to commit when the handled run grew, else null. */
  finished(offset: bigint): bigint | null {
    this.handled.add(offset);
    let advanced = false;
    while (this.head < this.offsets.length && this.handled.has(this.offsets[this.head]!)) {
      const done = this.offsets[this.head]!;
      this.handled.delete(done);
      this.committable = done + 1n;
      this.head += 1;
      advanced = true;
    }
    if (this.head > 1024 && this.head * 2 > this.offsets.length) {
      this.offsets.splice(0, this.head);
      this.head = 0;
    }
    return advanced ? this.committable : null;
  }

  /** Messages received and not yet committable. */
  get pending(): number {
    return this.offsets.length - this.head;
  }
}

type Settings = Required<Omit<KafkaBusOptions, 'brokers' | 'clientId'>>;

class KafkaSubscription implements BusSubscription {
  private readonly lanes = new KeyedQueue();
  private readonly running = new Set<Promise<void>>();
  private readonly progress = new Map<number, PartitionProgress>();
  /** Bumped for a partition when the group takes it away or hands it back: older work is abandoned. */
  private readonly generations = new Map<number, number>();
  private readonly commits = new Map<number, { wanted: bigint; done: Promise<void> | null }>();
  private readonly paused = new Set<number>();
  private readonly stoppedListeners: Array<() => void> = [];
  private stopping: Promise<void> | null = null;
  private stopped = false;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly topic: string,
    private readonly consumer: Consumer,
    private readonly handler: MessageHandler<unknown>,
    private readonly settings: Settings,
    private readonly logger: Logger,
  ) {}

  async start(fromBeginning: boolean): Promise<void> {
    await this.consumer.connect();
    const joined = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the consumer group did not take its partitions of ${this.topic} within ${this.settings.joinTimeoutMs} ms`)), this.settings.joinTimeoutMs);
      this.consumer.on(this.consumer.events.GROUP_JOIN, ({ payload }) => {
        clearTimeout(timer);
        this.assigned((payload.memberAssignment[this.topic] as number[] | undefined) ?? []);
        resolve();
      });
    });
    await this.consumer.subscribe({ topics: [this.topic], fromBeginning });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        for (const message of batch.messages) {
          if (!isRunning() || isStale() || this.stopped) return;
          this.accept(batch.partition, message);
          // Moves the fetch position only; the group's committed offset follows the handled run.
          resolveOffset(message.offset);
        }
        await heartbeat();
      },
    });
    try {
      await joined;
    } catch (error) {
      await this.consumer.disconnect();
      throw error;
    }
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopped = true;
      for (const wake of this.wakers) wake();
      await this.consumer.stop();
      await Promise.all(this.running);
      await Promise.all([...this.commits.values()].map((commit) => commit.done));
      await this.consumer.disconnect();
      for (const listener of this.stoppedListeners) listener();
    })();
    return this.stopping;
  }

  onStopped(listener: () => void): void {
    this.stoppedListeners.push(listener);
  }

  /** The partitions the group gave this member now: anything else in flight is abandoned uncommitted. */
  private assigned(partitions: number[]): void {
    const owned = new Set(partitions);
    for (const partition of new Set([...this.progress.keys(), ...partitions])) {
      this.generations.set(partition, (this.generations.get(partition) ?? 0) + 1);
      this.progress.delete(partition);
      this.commits.delete(partition);
      this.paused.delete(partition);
      if (owned.has(partition)) this.progress.set(partition, new PartitionProgress());
    }
  }

  private accept(partition: number, message: KafkaMessage): void {
    let progress = this.progress.get(partition);
    if (!progress) this.progress.set(partition, (progress = new PartitionProgress()));
    const offset = BigInt(message.offset);
    progress.received(offset);
    if (progress.pending >= this.settings.maxPendingPerPartition && !this.paused.has(partition)) {
      this.paused.add(partition);
      this.consumer.pause([{ topic: this.topic, partitions: [partition] }]);
    }
    const generation = this.generations.get(partition) ?? 0;
    const key = message.key?.toString() ?? '';
    const call = this.lanes.run(`${partition}/${key}`, () => this.handle(partition, generation, message, offset));
    this.running.add(call);
    void call.finally(() => this.running.delete(call));
  }

  /** Whether the partition is still ours as it was when the message came. */
  private owned(partition: number, generation: number): boolean {
    return (this.generations.get(partition) ?? 0) === generation;
  }

  /** Whether a call may start: the partition is ours and the subscription is not stopping. */
  private current(partition: number, generation: number): boolean {
    return !this.stopped && this.owned(partition, generation);
  }

  /** Calls the handler until it succeeds (or the partition is no longer ours), then records the offset. */
  private async handle(partition: number, generation: number, message: KafkaMessage, offset: bigint): Promise<void> {
    for (let failures = 0; ; ) {
      if (!this.current(partition, generation)) return;
      try {
        await this.handler(toIncoming(this.topic, message));
        break;
      } catch (error) {
        failures += 1;
        const delay = backoffDelay(failures, this.settings.retryDelayMs, this.settings.maxRetryDelayMs);
        this.logger.warn(`handler failed on ${this.topic}[${partition}]@${offset} (attempt ${failures}), retrying in ${delay} ms: ${errorText(error)}`);
        await this.sleep(delay);
      }
    }
    // A call that succeeded while stop() waited for it is still committed, so no other member repeats it.
    if (!this.owned(partition, generation)) return;
    const progress = this.progress.get(partition);
    const next = progress?.finished(offset);
    if (progress && this.paused.has(partition) && progress.pending < this.settings.maxPendingPerPartition / 2) {
      this.paused.delete(partition);
      this.consumer.resume([{ topic: this.topic, partitions: [partition] }]);
    }
    if (next !== null && next !== undefined) this.commit(partition, next);
  }

  /** Commits a partition's offset; commits of one partition go one at a time, the newest wins. */
  private commit(partition: number, offset: bigint): void {
    const state = this.commits.get(partition) ?? { wanted: offset, done: null };
    state.wanted = offset > state.wanted ? offset : state.wanted;
    this.commits.set(partition, state);
    if (state.done) return;
    state.done = (async () => {
      for (let sent = -1n; state.wanted !== sent; ) {
        sent = state.wanted;
        try {
          await this.consumer.commitOffsets([{ topic: this.topic, partition, offset: sent.toString() }]);
        } catch (error) {
          // A rebalance took the partition: its new owner resumes from the last commit, repeating a few.
          this.logger.warn(`commit of ${this.topic}[${partition}]@${sent} failed: ${errorText(error)}`);
          break;
        }
      }
      state.done = null;
    })();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}
