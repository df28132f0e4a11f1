import { Logger } from '../logging/logger.js';
import {
  assertTopicName,
  type BusSubscription,
  type IncomingMessage,
  type MessageBus,
  type MessageHandler,
  type OutgoingMessage,
  type SubscribeOptions,
} from './message-bus.port.js';
import { backoffDelay, errorText, serialiseValue } from './bus-messages.js';

export interface InProcessBusOptions {
  /** Wait before retrying a failed handler call; doubles with each failure of the same message. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/** A published message, shared by every group's lane until each of them has finished with it. */
interface Entry {
  offset: bigint;
  key: string;
  payload: string;
  headers: Record<string, string>;
  /** How many groups have not finished it; at 0 it leaves the log. */
  pending: number;
}

interface Log {
  name: string;
  /** Messages some group has not finished, in offset order (a Map iterates in insertion order). */
  entries: Map<bigint, Entry>;
  groups: Map<string, Group>;
  nextOffset: bigint;
}

interface Group {
  id: string;
  members: Member[];
  /** One lane per key with messages left; a lane hands its key's messages out one at a time. */
  lanes: Map<string, Lane>;
  dropped: boolean;
  logger: Logger;
  /** SubscribeOptions.accept of the group's first subscription: asked when a message is published. */
  accept: ((key: string, headers: Readonly<Record<string, string>>) => boolean) | undefined;
}

interface Lane {
  key: string;
  queue: Queue<Entry>;
  state: 'idle' | 'scheduled' | 'running' | 'backing-off';
  failures: number;
  timer: NodeJS.Timeout | undefined;
}

interface Member {
  handler: MessageHandler<unknown>;
  calls: Set<Promise<boolean>>;
  stopping: Promise<void> | undefined;
}

/**
 * The embedded message bus: per topic an append-only log in memory, per group and key an ordered lane.
 * A message stays in the log only while a subscribed group has not finished it, so a topic nobody
 * subscribes to holds nothing and `fromBeginning` starts at the oldest message still pending somewhere.
 * A group is forgotten when its last subscription stops.
 */
export class InProcessBus implements MessageBus {
  private readonly logs = new Map<string, Log>();
  private readonly subscriptions = new Set<BusSubscription>();
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private closed = false;

  constructor(options: InProcessBusOptions = {}) {
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  }

  async publish<V>(topic: string, messages: Array<OutgoingMessage<V>>): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    // Every value is serialised before any is appended, so a bad one publishes nothing.
    const serialised = messages.map(({ key, value, headers }) => ({ key, payload: serialiseValue(key, value), headers: { ...headers } }));
    const log = this.log(topic);
    for (const message of serialised) {
      const entry: Entry = { ...message, offset: log.nextOffset++, pending: 0 };
      for (const group of log.groups.values()) if (!group.accept || group.accept(entry.key, entry.headers)) this.enqueue(log, group, entry);
      if (entry.pending > 0) log.entries.set(entry.offset, entry);
    }
  }

  async subscribe<V = unknown>(topic: string, options: SubscribeOptions, handler: MessageHandler<V>): Promise<BusSubscription> {
    this.assertOpen();
    assertTopicName(topic);
    if (!options.groupId) throw new Error('a subscription needs a groupId');
    const log = this.log(topic);
    let group = log.groups.get(options.groupId);
    const joinsRunningGroup = group !== undefined;
    if (!group) {
      group = { id: options.groupId, members: [], lanes: new Map(), dropped: false, logger: new Logger(`bus:${topic}/${options.groupId}`), accept: options.accept };
      log.groups.set(group.id, group);
      const { accept } = group;
      if (options.fromBeginning) for (const entry of log.entries.values()) if (!accept || accept(entry.key, entry.headers)) this.enqueue(log, group, entry);
    }
    const member: Member = { handler: handler as MessageHandler<unknown>, calls: new Set(), stopping: undefined };
    group.members.push(member);
    // Lanes left idle because the group had no member to hand them to.
    if (joinsRunningGroup) for (const lane of group.lanes.values()) this.schedule(log, group, lane);
    const subscription: BusSubscription = {
      stop: () => {
        member.stopping ??= this.leave(log, group, member).finally(() => this.subscriptions.delete(subscription));
        return member.stopping;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.logs.clear();
  }

  /** How many messages of `topic` the log holds: those some subscribed group has not finished. */
  retained(topic: string): number {
    return this.logs.get(topic)?.entries.size ?? 0;
  }

  private log(topic: string): Log {
    let log = this.logs.get(topic);
    if (!log) {
      log = { name: topic, entries: new Map(), groups: new Map(), nextOffset: 0n };
      this.logs.set(topic, log);
    }
    return log;
  }

  private enqueue(log: Log, group: Group, entry: Entry): void {
    entry.pending += 1;
    let lane = group.lanes.get(entry.key);
    if (!lane) {
      lane = { key: entry.key, queue: new Queue(), state: 'idle', failures: 0, timer: undefined };
      group.lanes.set(entry.key, lane);
    }
    lane.queue.push(entry);
    this.schedule(log, group, lane);
  }

  /** Delivery never runs inside publish() or a handler's call stack, so a handler may publish. */
  private schedule(log: Log, group: Group, lane: Lane): void {
    if (lane.state !== 'idle') return;
    lane.state = 'scheduled';
    setImmediate(() => {
      lane.state = 'idle';
      this.deliver(log, group, lane);
    });
  }

  private deliver(log: Log, group: Group, lane: Lane): void {
    if (group.dropped) return;
    const entry = lane.queue.peek();
    if (!entry) {
      group.lanes.delete(lane.key);
      return;
    }
    const member = group.members[hash(lane.key) % group.members.length];
    if (!member) return;
    lane.state = 'running';
    const call = (async () => {
      await member.handler(incoming(log.name, entry));
      return true;
    })().catch((error: unknown) => {
      const attempt = lane.failures + 1;
      const delay = this.retryDelay(attempt);
      group.logger.warn(`handler failed on ${entry.key}@${entry.offset} (attempt ${attempt}), retrying in ${delay} ms: ${errorText(error)}`);
      return false;
    });
    member.calls.add(call);
    void call.then((succeeded) => {
      member.calls.delete(call);
      // A dropped group has already released every message it held, this one included.
      if (group.dropped) return;
      if (succeeded) {
        lane.queue.shift();
        lane.failures = 0;
        this.release(log, entry);
        lane.state = 'idle';
        this.schedule(log, group, lane);
        return;
      }
      lane.failures += 1;
      lane.state = 'backing-off';
      lane.timer = setTimeout(() => {
        lane.timer = undefined;
        lane.state = 'idle';
        this.deliver(log, group, lane);
      }, this.retryDelay(lane.failures));
    });
  }

  private async leave(log: Log, group: Group, member: Member): Promise<void> {
    const index = group.members.indexOf(member);
    if (index !== -1) group.members.splice(index, 1);
    await Promise.all(member.calls);
    if (group.members.length === 0 && !group.dropped) this.drop(log, group);
  }

  private drop(log: Log, group: Group): void {
    group.dropped = true;
    for (const lane of group.lanes.values()) {
      clearTimeout(lane.timer);
      for (const entry of lane.queue) this.release(log, entry);
    }
    group.lanes.clear();
    log.groups.delete(group.id);
  }

  private release(log: Log, entry: Entry): void {
    entry.pending -= 1;
    if (entry.pending === 0) log.entries.delete(entry.offset);
  }

  private retryDelay(failures: number): number {
    return backoffDelay(failures, this.retryDelayMs, this.maxRetryDelayMs);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the message bus is closed');
  }
}

/**
 * What a handler call gets. The value is parsed from the published JSON when the handler first reads it (a
 * fresh copy for every call, as the port promises): a group that passes a message over on its key or
 * headers, as most do with most events, never parses it.
 */
function incoming(topic: string, { key, payload, offset, headers }: Entry): IncomingMessage<unknown> {
  let value: { parsed: unknown } | null = null;
  return {
    topic,
    key,
    offset,
    headers: { ...headers },
    get value() {
      value ??= { parsed: JSON.parse(payload) };
      return value.parsed;
    },
  };
}

/** FNV-1a: spreads keys over a group's members and keeps each key with one member while they stay. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A FIFO whose shift is O(1): a busy key's backlog can be long. */
class Queue<T> implements Iterable<T> {
  private items: Array<T | undefined> = [];
  private head = 0;

  push(item: T): void {
    this.items.push(item);
  }

  peek(): T | undefined {
    return this.items[this.head];
  }

  shift(): T | undefined {
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head += 1;
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = this.head; i < this.items.length; i++) yield this.items[i] as T;
  }
}
