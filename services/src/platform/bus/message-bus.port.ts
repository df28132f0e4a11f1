/**
 * The message bus port, shaped after a kafkajs producer and consumer group so that adapter stays thin.
 * The bus fans messages out after the fact; it is never a store (DESIGN.md): a consumer that needs the
 * past reads the event store.
 *
 * Guarantees every adapter keeps (message-bus.contract.ts checks them):
 * - Order per key: within one group, messages with the same key are handled in the order they were
 *   published, one handler call at a time; the next starts only after the previous call resolved. Like a
 *   Kafka partition keyed by stream id, so one game's events stay in order.
 * - Fan-out: every group receives every message published after its `subscribe()` resolved.
 * - At least once: a handler that throws (or rejects) gets the same message again after a backoff, for as
 *   long as it takes; later messages of that key wait, nothing is skipped. Other keys are not held back by
 *   a failing one. A message whose handler call resolved is not delivered to that group again while the
 *   group keeps running (a crash, or a Kafka rebalance before the offset was committed, may repeat it).
 * - Different keys may be handled concurrently, and in any order relative to each other.
 * - Several subscriptions with one group id share the group's messages: each message goes to one of them.
 *
 * What a group gets on a later `subscribe()` after all its subscriptions stopped is adapter-specific:
 * Kafka resumes from the group's committed offsets; the in-process bus forgets a group with no
 * subscription and starts it afresh.
 */

export const topics = {
  /** Every appended event, keyed by stream id, as `RelayedEvent` (event-relay.ts), its type in the `type` header. */
  events: 'events',
  /** Each read model's commits as the projector announces them, keyed by read model (commit-notices.ts). */
  readModelCommits: 'read-model-commits',
} as const;

/** Kafka's rule for topic names; adapters refuse other names so no topic works in one and not another. */
export const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;

export interface OutgoingMessage<V = unknown> {
  /** Messages with the same key keep their order (a stream id for events). */
  key: string;
  /** Serialised as JSON: plain objects, arrays, strings, finite numbers, booleans, null. No bigint. */
  value: V;
  headers?: Record<string, string>;
}

export interface IncomingMessage<V = unknown> {
  topic: string;
  key: string;
  /** A fresh copy parsed from the published JSON, for every call (an adapter may parse it when first read). */
  value: V;
  /** Increases with publication order among messages of one key (across keys only within a partition). */
  offset: bigint;
  headers: Record<string, string>;
}

export type MessageHandler<V = unknown> = (message: IncomingMessage<V>) => Promise<void>;

export interface SubscribeOptions {
  groupId: string;
  /**
   * For a group that has no position yet: start at the oldest message the topic still holds rather than
   * after the newest. What a topic holds is adapter-specific: Kafka keeps messages for its retention
   * time; the in-process bus keeps only those some subscribed group has not finished handling. Ignored
   * when the group already has a position (another live subscription, or Kafka's committed offsets).
   */
  fromBeginning?: boolean;
  /**
   * Which messages the group wants, judged on their key and headers alone (never the value). A message it
   * refuses is passed over as if its handler had resolved at once, without a call: the group's order and
   * at-least-once rules hold for the rest. An adapter asks at any moment from
   * its publication to its delivery (the in-process bus when it is published, Kafka when it arrives): a
   * filter whose answer changes over time (say "not applied yet") may be asked before the change, so the
   * handler still checks what can change. Every subscription of one group gives the same filter. It must
   * not throw.
   */
  accept?: (key: string, headers: Readonly<Record<string, string>>) => boolean;
}

export interface BusSubscription {
  /**
   * No handler call starts after this resolves; it waits for calls already running to settle. A message
   * whose call did not succeed goes to another subscription of the group, if any. Calling it again does
   * nothing.
   */
  stop(): Promise<void>;
}

export interface MessageBus {
  /**
   * Resolves once every message is accepted, in order. Throws, publishing none of them, if the topic name
   * breaks `TOPIC_NAME` or a value is not JSON-serialisable.
   */
  publish<V>(topic: string, messages: Array<OutgoingMessage<V>>): Promise<void>;
  /** Resolves once the group is positioned: every message published from then on reaches it. */
  subscribe<V = unknown>(topic: string, options: SubscribeOptions, handler: MessageHandler<V>): Promise<BusSubscription>;
  /** Stops every subscription, then releases the connection. Calling it again does nothing. */
  close(): Promise<void>;
}

export class InvalidTopicError extends Error {
  override readonly name = 'InvalidTopicError';
  constructor(readonly topic: string) {
    super(`topic name ${JSON.stringify(topic)} must be 1 to 249 of A-Z a-z 0-9 . _ -`);
  }
}

export function assertTopicName(topic: string): void {
  if (!TOPIC_NAME.test(topic)) throw new InvalidTopicError(topic);
}
