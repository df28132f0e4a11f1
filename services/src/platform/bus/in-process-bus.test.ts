import { InProcessBus } from './in-process-bus.js';
import { messageBusContract } from './message-bus.contract.js';
import type { IncomingMessage } from './message-bus.port.js';
import { eventually, Gate, Inbox } from './testing/waiting.js';

messageBusContract('in-process', async () => {
  const bus = new InProcessBus({ retryDelayMs: 5, maxRetryDelayMs: 50 });
  return { bus, cleanup: () => bus.close() };
});

describe('InProcessBus', () => {
  let bus: InProcessBus;
  beforeEach(() => {
    bus = new InProcessBus({ retryDelayMs: 5, maxRetryDelayMs: 50 });
  });
  afterEach(() => bus.close());

  const numbered = (key: string, ...ns: number[]) => ns.map((n) => ({ key, value: { n } }));
  const upTo = (count: number) => Array.from({ length: count }, (_, n) => n);
  const numbers = (messages: readonly IncomingMessage<{ n: number }>[], key?: string) =>
    messages.filter((message) => key === undefined || message.key === key).map((message) => message.value.n);

  async function record(topic: string, groupId: string, options: { hold?: (message: IncomingMessage<{ n: number }>) => Promise<void>; fromBeginning?: boolean } = {}) {
    const inbox = new Inbox<IncomingMessage<{ n: number }>>();
    const subscription = await bus.subscribe<{ n: number }>(topic, { groupId, fromBeginning: options.fromBeginning }, async (message) => {
      inbox.push(message);
      await options.hold?.(message);
    });
    return { inbox, subscription };
  }

  it('holds a message only until every subscribed group has finished it', async () => {
    await bus.publish('retention', numbered('k', 0, 1));
    expect(bus.retained('retention')).toBe(0);

    const gate = new Gate();
    const slow = await record('retention', 'slow', { hold: () => gate.opened });
    const quick = await record('retention', 'quick');
    await bus.publish('retention', numbered('k', 2, 3));
    await quick.inbox.until((items) => items.length === 2, 'the quick group finished');
    expect(bus.retained('retention')).toBe(2);

    gate.open();
    await eventually(() => bus.retained('retention') === 0, 'the slow group finished too');
    expect(numbers(slow.inbox.items)).toEqual([2, 3]);
  });

  it('fromBeginning gets only what a subscribed group has not finished: finished messages are gone', async () => {
    const gate = new Gate();
    const first = await record('dropped', 'first', { hold: (message) => (message.key === 'stuck' ? gate.opened : Promise.resolve()) });
    await bus.publish('dropped', [...numbered('done', 0), ...numbered('stuck', 1)]);
    await first.inbox.until((items) => items.length === 2, 'both calls started');
    await eventually(() => bus.retained('dropped') === 1, 'the call on `done` finished');

    const late = await record('dropped', 'late', { fromBeginning: true });
    await bus.publish('dropped', numbered('done', 2));
    await late.inbox.until((items) => items.length === 2, 'the late group got the held message and the new one');
    expect(numbers(late.inbox.items, 'stuck')).toEqual([1]);
    expect(numbers(late.inbox.items, 'done')).toEqual([2]);
    gate.open();
  });

  it('a slow call on one key does not hold back the other keys', async () => {
    const gate = new Gate();
    const inbox = new Inbox<string>();
    await bus.subscribe<{ n: number }>('slow-key', { groupId: 'g' }, async ({ key, value }) => {
      if (key === 'slow') await gate.opened;
      inbox.push(`${key} ${value.n}`);
    });
    await bus.publish('slow-key', [...numbered('slow', 0, 1), ...numbered('fast', ...upTo(10))]);
    await inbox.until((items) => items.length === 10, 'every fast message was handled');
    expect(inbox.items).toEqual(upTo(10).map((n) => `fast ${n}`));
    gate.open();
    await inbox.until((items) => items.length === 12, 'the slow key caught up');
    expect(inbox.items.slice(10)).toEqual(['slow 0', 'slow 1']);
  });

  it('subscriptions sharing a group id split its messages; when one stops, the other takes its keys', async () => {
    const one = await record('shared', 'workers');
    const other = await record('shared', 'workers');
    const keys = upTo(20).map((i) => `game-${i}`);
    await bus.publish('shared', keys.flatMap((key) => numbered(key, 0, 1)));
    const both = () => [...one.inbox.items, ...other.inbox.items];
    await eventually(() => both().length === 40, 'all 40 messages were handled');
    expect(one.inbox.items.length).toBeGreaterThan(0);
    expect(other.inbox.items.length).toBeGreaterThan(0);
    for (const key of keys) expect(numbers(both(), key).sort()).toEqual([0, 1]);

    await one.subscription.stop();
    const before = one.inbox.items.length;
    await bus.publish('shared', keys.flatMap((key) => numbered(key, 2)));
    await eventually(() => both().length === 60, 'the remaining subscription handled the rest');
    expect(one.inbox.items.length).toBe(before);
  });

  it('forgets a group whose last subscription stopped: subscribing again starts after the newest message', async () => {
    const gate = new Gate();
    const first = await record('rejoin', 'g', { hold: () => gate.opened });
    await bus.publish('rejoin', numbered('k', 0, 1));
    await first.inbox.until((items) => items.length === 1, 'the first call started');
    const stopping = first.subscription.stop();
    gate.open();
    await stopping;
    expect(bus.retained('rejoin')).toBe(0);

    const again = await record('rejoin', 'g', { fromBeginning: true });
    await bus.publish('rejoin', numbered('k', 2));
    await again.inbox.until((items) => items.length === 1, 'the new subscription got the next message');
    expect(numbers(again.inbox.items)).toEqual([2]);
  });

  it('lets a handler publish to the topic it consumes', async () => {
    const inbox = new Inbox<number>();
    await bus.subscribe<{ n: number }>('chain', { groupId: 'g' }, async ({ key, value }) => {
      inbox.push(value.n);
      if (value.n < 50) await bus.publish('chain', numbered(key, value.n + 1));
    });
    await bus.publish('chain', numbered('k', 0));
    await inbox.until((items) => items.length === 51, 'the chain reached 50');
    expect(inbox.items).toEqual(upTo(51));
  });

  it('close() cancels a pending retry, so nothing keeps the process alive', async () => {
    const patient = new InProcessBus({ retryDelayMs: 60_000, maxRetryDelayMs: 60_000 });
    const attempts = new Inbox<number>();
    await patient.subscribe('forever', { groupId: 'g' }, async () => {
      attempts.push(1);
      throw new Error('always fails');
    });
    await patient.publish('forever', numbered('k', 0));
    await attempts.until((items) => items.length === 1, 'the first attempt failed');
    await patient.close();
    expect(patient.retained('forever')).toBe(0);
  });

  it('parses a value only for the calls that read it', async () => {
    const original = JSON.parse;
    let parses = 0;
    JSON.parse = (text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      if (text === '{"n":21}') parses += 1;
      return original(text, reviver);
    };
    try {
      const skipped = new Inbox<string>();
      const read = new Inbox<number>();
      await bus.subscribe('lazy', { groupId: 'by-key' }, async ({ key, headers }) => skipped.push(`${key}:${headers.kind}`));
      await bus.subscribe<{ n: number }>('lazy', { groupId: 'by-value' }, async ({ value }) => read.push(value.n + value.n));
      await bus.publish('lazy', [{ key: 'k', value: { n: 21 }, headers: { kind: 'answer' } }]);
      await read.until((items) => items.length === 1, 'the reading group got it');
      await skipped.until((items) => items.length === 1, 'the other group got it');
      expect(read.items).toEqual([42]);
      expect(skipped.items).toEqual(['k:answer']);
      expect(parses).toBe(1);
    } finally {
      JSON.parse = original;
    }
  });

  it('hands each call its own copy of the value', async () => {
    const seen = new Inbox<{ n: number }>();
    await bus.subscribe<{ n: number }>('copies', { groupId: 'a' }, async ({ value }) => {
      seen.push(value);
      value.n = -1;
    });
    await bus.subscribe<{ n: number }>('copies', { groupId: 'b' }, async ({ value }) => seen.push(value));
    const value = { n: 7 };
    await bus.publish('copies', [{ key: 'k', value }]);
    await seen.until((items) => items.length === 2, 'both groups got it');
    expect(value).toEqual({ n: 7 });
    expect(seen.items.some((item) => item.n === 7)).toBe(true);
    expect(seen.items[0]).not.toBe(seen.items[1]);
  });
});
