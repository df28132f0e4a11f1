import { randomUUID } from 'node:crypto';
import { type BusSubscription, type IncomingMessage, InvalidTopicError, type MessageBus } from './message-bus.port.js';
import { Gate, Inbox } from './testing/waiting.js';

export interface MessageBusUnderTest {
  /** Retries a failed handler call within a few hundred milliseconds, so the retry tests stay quick. */
  bus: MessageBus;
  /** May run after a test already closed the bus. */
  cleanup: () => Promise<void>;
}

interface Numbered {
  n: number;
}

/**
 * The rules every MessageBus adapter keeps (message-bus.port.ts). Topics and group ids are unique per
 * test, so an adapter on a shared broker can run it; a test judges "nothing more arrived" only after a
 * later message of the same key, or a witness group, has arrived.
 */
export function messageBusContract(adapterName: string, create: () => Promise<MessageBusUnderTest>): void {
  describe(`message bus contract: ${adapterName}`, () => {
    let bus: MessageBus;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ bus, cleanup } = await create());
    });
    afterEach(async () => {
      await cleanup();
    });

    const run = randomUUID().slice(0, 8);
    let sequence = 0;
    const unique = (prefix: string) => `${prefix}.${run}.${++sequence}`;

    /** Subscribes a fresh group that records every message, after an optional wait per message. */
    async function record(topic: string, hold?: (message: IncomingMessage<Numbered>) => Promise<void>, fromBeginning = false) {
      const inbox = new Inbox<IncomingMessage<Numbered>>();
      const subscription = await bus.subscribe<Numbered>(topic, { groupId: unique('group'), fromBeginning }, async (message) => {
        inbox.push(message);
        await hold?.(message);
      });
      return { inbox, subscription };
    }
    const numbers = (messages: readonly IncomingMessage<Numbered>[], key?: string) =>
      messages.filter((message) => key === undefined || message.key === key).map((message) => message.value.n);
    const numbered = (key: string, ...ns: number[]) => ns.map((n) => ({ key, value: { n } }));
    const upTo = (count: number) => Array.from({ length: count }, (_, n) => n);

    it('hands the handler the topic, key, value and headers as published, with offsets rising per key', async () => {
      const topic = unique('shape');
      const { inbox } = await record(topic);
      const value = { n: 0, text: 'Zürich → 東京 "quoted"', nested: { list: [1, 'two', null, true], empty: {} } };
      await bus.publish<unknown>(topic, [
        { key: 'game-1', value, headers: { 'trace-id': 'abc' } },
        { key: 'game-1', value: { n: 1 } },
      ]);
      await inbox.until((items) => items.length === 2, 'both messages arrived');
      const [first, second] = inbox.items as [IncomingMessage<Numbered>, IncomingMessage<Numbered>];
      expect(first).toEqual({ topic, key: 'game-1', value, offset: first.offset, headers: { 'trace-id': 'abc' } });
      expect(second).toEqual({ topic, key: 'game-1', value: { n: 1 }, offset: second.offset, headers: {} });
      expect(typeof first.offset).toBe('bigint');
      expect(second.offset).toBeGreaterThan(first.offset);
    });

    it('keeps each key in publish order, one call at a time, while publishes on other keys interleave', async () => {
      const topic = unique('order');
      const keys = ['game-a', 'game-b', 'game-c', 'game-d', 'game-e'];
      const perKey = 40;
      const active = new Map<string, number>();
      let mostActiveOnOneKey = 0;
      const { inbox } = await record(topic, async (message) => {
        const now = (active.get(message.key) ?? 0) + 1;
        active.set(message.key, now);
        mostActiveOnOneKey = Math.max(mostActiveOnOneKey, now);
        // Calls take different numbers of event-loop turns, so keys overtake one another.
        for (let turn = 0; turn < message.value.n % 3; turn++) await new Promise((resolve) => setImmediate(resolve));
        active.set(message.key, now - 1);
      });
      await Promise.all(
        keys.map(async (key, k) => {
          for (let n = 0; n < perKey; ) {
            const size = 1 + ((n + k) % 4);
            const batch = upTo(Math.min(size, perKey - n)).map((i) => n + i);
            await bus.publish(topic, numbered(key, ...batch));
            n += batch.length;
          }
        }),
      );
      await inbox.until((items) => items.length === keys.length * perKey, 'every message arrived');
      for (const key of keys) expect(numbers(inbox.items, key)).toEqual(upTo(perKey));
      expect(mostActiveOnOneKey).toBe(1);
    });

    it('gives every group every message published after it subscribed, once each', async () => {
      const topic = unique('fan-out');
      const groups = [await record(topic), await record(topic)];
      const keys = ['user-1', 'user-2', 'user-3'];
      for (const key of keys) await bus.publish(topic, numbered(key, ...upTo(10)));
      for (const { inbox } of groups) {
        await inbox.until((items) => items.length === 30, 'the group received all 30 messages');
        for (const key of keys) expect(numbers(inbox.items, key)).toEqual(upTo(10));
      }
    });

    it('passes over, without a call, what a group refuses on key and headers, keeping the rest in order', async () => {
      const topic = unique('accept');
      const asked: string[] = [];
      const inbox = new Inbox<IncomingMessage<Numbered>>();
      await bus.subscribe<Numbered>(
        topic,
        {
          groupId: unique('group'),
          accept: (key, headers) => {
            asked.push(`${key}/${headers.kind}`);
            return key !== 'user-2' && headers.kind !== 'move';
          },
        },
        async (message) => inbox.push(message),
      );
      const everything = await record(topic);
      const kinds = ['guess', 'move', 'move', 'guess', 'chat'];
      for (const key of ['user-1', 'user-2', 'user-3']) {
        await bus.publish(topic, kinds.map((kind, n) => ({ key, value: { n }, headers: { kind } })));
      }
      await everything.inbox.until((items) => items.length === 15, 'the group without a filter received all 15');
      await inbox.until((items) => items.length === 6, 'the filtered group received what it accepts');
      for (const key of ['user-1', 'user-3']) expect(numbers(inbox.items, key)).toEqual([0, 3, 4]);
      expect(numbers(inbox.items, 'user-2')).toEqual([]);
      // Asked about every message on its key and headers (once each here: no call failed), never its value.
      expect(asked.sort()).toEqual(['user-1', 'user-2', 'user-3'].flatMap((key) => kinds.map((kind) => `${key}/${kind}`)).sort());
      // A later message still arrives after the refused ones: nothing was held back.
      await bus.publish(topic, [{ key: 'user-1', value: { n: 5 }, headers: { kind: 'guess' } }]);
      await inbox.until((items) => numbers(items, 'user-1').includes(5), 'a later message arrived');
      expect(numbers(inbox.items, 'user-1')).toEqual([0, 3, 4, 5]);
    });

    it('delivers a message published while a handler runs, after that call ends', async () => {
      const topic = unique('while-running');
      const gate = new Gate();
      const calls = new Inbox<string>();
      const { inbox } = await record(topic, async (message) => {
        calls.push(`start ${message.value.n}`);
        if (message.value.n === 0) await gate.opened;
        calls.push(`end ${message.value.n}`);
      });
      await bus.publish(topic, numbered('game-1', 0));
      await calls.until((items) => items.includes('start 0'), 'the first call started');
      await bus.publish(topic, numbered('game-1', 1));
      gate.open();
      await calls.until((items) => items.includes('end 1'), 'the second message was handled');
      expect(calls.items).toEqual(['start 0', 'end 0', 'start 1', 'end 1']);
      expect(numbers(inbox.items)).toEqual([0, 1]);
    });

    it('retries a failing message after a backoff, holding back only its own key and skipping nothing', async () => {
      const topic = unique('retry');
      const attempts = new Inbox<string>();
      const handled = new Inbox<string>();
      let goodHandled = 0;
      await bus.subscribe<Numbered>(topic, { groupId: unique('group') }, async ({ key, value }) => {
        attempts.push(`${key} ${value.n}`);
        // The first message of `bad` fails at least twice, and until `good` is done: if `good` waited
        // behind it, this would never succeed.
        const failuresSoFar = attempts.items.filter((attempt) => attempt === 'bad 0').length - 1;
        if (key === 'bad' && value.n === 0 && (failuresSoFar < 2 || goodHandled < 5)) throw new Error('not yet');
        if (key === 'good') goodHandled += 1;
        handled.push(`${key} ${value.n}`);
      });
      await bus.publish(topic, numbered('bad', 0, 1, 2));
      await bus.publish(topic, numbered('good', ...upTo(5)));
      await handled.until((items) => items.filter((item) => item.startsWith('bad')).length === 3, 'every bad message was handled');

      expect(handled.items.filter((item) => item.startsWith('good'))).toEqual(upTo(5).map((n) => `good ${n}`));
      expect(handled.items.filter((item) => item.startsWith('bad'))).toEqual(['bad 0', 'bad 1', 'bad 2']);
      const badAttempts = attempts.items.filter((attempt) => attempt.startsWith('bad'));
      const failures = badAttempts.length - 3;
      expect(failures).toBeGreaterThanOrEqual(2);
      // Later messages of the key were not tried before the failing one succeeded, and were tried once.
      expect(badAttempts).toEqual([...Array<string>(failures + 1).fill('bad 0'), 'bad 1', 'bad 2']);
    });

    it('does not deliver a message again once its handler succeeded', async () => {
      const topic = unique('once');
      const { inbox } = await record(topic);
      const keys = ['game-1', 'game-2', 'game-3'];
      await bus.publish(topic, keys.flatMap((key) => numbered(key, ...upTo(20))));
      // A sentinel behind every key: once each arrived, any repeat of an earlier message would have too.
      await bus.publish(topic, keys.flatMap((key) => numbered(key, 999)));
      await inbox.until((items) => keys.every((key) => numbers(items, key).includes(999)), 'every sentinel arrived');
      for (const key of keys) expect(numbers(inbox.items, key)).toEqual([...upTo(20), 999]);
    });

    it('stop() waits for the calls running, and no call starts after it', async () => {
      const topic = unique('stop');
      const gate = new Gate();
      const stopped = await record(topic, () => gate.opened);
      const witness = await record(topic);
      await bus.publish(topic, numbered('game-1', 0));
      await stopped.inbox.until((items) => items.length === 1, 'the call started');
      await witness.inbox.until((items) => items.length === 1, 'the witness got the message');

      let stopResolved = false;
      const stopping = stopped.subscription.stop().then(() => (stopResolved = true));
      await bus.publish(topic, numbered('game-1', 1));
      await witness.inbox.until((items) => items.length === 2, 'the witness got the next message');
      expect(stopResolved).toBe(false);
      gate.open();
      await stopping;

      await bus.publish(topic, [...numbered('game-1', 2), ...numbered('game-2', 0)]);
      await witness.inbox.until((items) => items.length === 4, 'the witness got every message');
      expect(numbers(stopped.inbox.items)).toEqual([0]);
      await expect(stopped.subscription.stop()).resolves.toBeUndefined();
    });

    it('fromBeginning starts a new group at messages the topic still holds; without it, at the next one', async () => {
      const topic = unique('from-beginning');
      // A group still busy with its first message keeps every message in the topic, on any adapter.
      const gate = new Gate();
      const busy = await record(topic, () => gate.opened);
      await bus.publish(topic, [...numbered('game-1', 0, 1), ...numbered('game-2', 2)]);
      await busy.inbox.until((items) => items.length >= 1, 'the busy group started');

      const early = await record(topic, undefined, true);
      const late = await record(topic);
      await bus.publish(topic, [...numbered('game-1', 3), ...numbered('game-2', 4)]);
      await early.inbox.until((items) => items.length === 5, 'the fromBeginning group got all five');
      await late.inbox.until((items) => items.length === 2, 'the other group got the last two');
      expect(numbers(early.inbox.items, 'game-1')).toEqual([0, 1, 3]);
      expect(numbers(early.inbox.items, 'game-2')).toEqual([2, 4]);
      expect(numbers(late.inbox.items).sort()).toEqual([3, 4]);

      gate.open();
      await busy.inbox.until((items) => items.length === 5, 'the busy group caught up');
    });

    it('refuses a topic name Kafka would refuse, and a batch holding a value JSON cannot carry', async () => {
      await expect(bus.publish('no spaces allowed', numbered('k', 0))).rejects.toBeInstanceOf(InvalidTopicError);
      await expect(bus.subscribe('', { groupId: unique('group') }, async () => {})).rejects.toBeInstanceOf(InvalidTopicError);

      const topic = unique('json');
      const { inbox } = await record(topic);
      await expect(bus.publish(topic, [{ key: 'k', value: { n: 0 } }, { key: 'k', value: { n: 1, big: 1n } }])).rejects.toThrow(/JSON/);
      await bus.publish(topic, numbered('k', 2));
      await inbox.until((items) => items.length >= 1, 'the next message arrived');
      expect(numbers(inbox.items)).toEqual([2]);
    });

    it('close() ends every subscription; publishing afterwards fails', async () => {
      const topic = unique('close');
      const subscriptions: BusSubscription[] = [(await record(topic)).subscription, (await record(topic)).subscription];
      await bus.close();
      await expect(bus.publish(topic, numbered('k', 0))).rejects.toThrow();
      for (const subscription of subscriptions) await expect(subscription.stop()).resolves.toBeUndefined();
      await expect(bus.close()).resolves.toBeUndefined();
    });
  });
}
