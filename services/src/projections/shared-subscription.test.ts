import type { DomainEvent } from '@globetrail/contracts';
import type { AllSubscription, RecordedEvent } from '../platform/event-store/event-store.port.js';
import { SharedSubscription } from './shared-subscription.js';
import { tempStores } from './testing/stores.js';

const created = (userId: string): DomainEvent => ({ type: 'UserCreated', version: 1, data: { userId, name: userId, isAnonymous: false, createdAt: '2026-11-29T00:00:00.000Z' } });

/** Appends `count` events, 500 to an append, and returns the last position. */
async function appendMany(stores: ReturnType<typeof tempStores>, count: number): Promise<bigint> {
  let last = 0n;
  for (let from = 0; from < count; from += 500) {
    const events = Array.from({ length: Math.min(500, count - from) }, (_, i) => created(`u${from + i}`));
    last = (await stores.append(`user-batch-${from}`, events)).position;
  }
  return last;
}

/** Takes events until `head`, with poll() where the subscription has them ready, as the projection runner does. */
async function takeUntil(subscription: AllSubscription, head: bigint, taken: RecordedEvent[] = []): Promise<RecordedEvent[]> {
  const iterator = subscription[Symbol.asyncIterator]();
  while (taken.at(-1)?.position !== head) {
    const event = subscription.poll?.() ?? (await iterator.next()).value;
    taken.push(event);
  }
  return taken;
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('SharedSubscription', () => {
  let stores: ReturnType<typeof tempStores>;
  beforeEach(() => {
    stores = tempStores();
  });
  afterEach(() => stores.close());

  it('gives every subscriber every event once, in order, as the same object, reading the log once', async () => {
    const head = await appendMany(stores, 2500);
    const shared = new SharedSubscription(stores.events, 2);
    const [a, b] = [shared.subscribeToAll({ fromPosition: 'start' }), shared.subscribeToAll({ fromPosition: 'start' })];
    const [fromA, fromB] = await Promise.all([takeUntil(a!, head), takeUntil(b!, head)]);
    expect(fromA).toHaveLength(2500);
    expect(fromA.every((event, i) => i === 0 || event.position > fromA[i - 1]!.position)).toBe(true);
    expect(fromA.every((event, i) => event === fromB[i])).toBe(true);
    expect(shared.read).toBe(2500);
    await shared.close();
  });

  it('pauses the read while a subscriber has 4,096 events waiting, and goes on once it takes them', async () => {
    const head = await appendMany(stores, 10_000);
    const shared = new SharedSubscription(stores.events, 2);
    const [fast, slow] = [shared.subscribeToAll({ fromPosition: 'start' }), shared.subscribeToAll({ fromPosition: 'start' })];
    const taken: RecordedEvent[] = [];
    const fastDone = takeUntil(fast!, head, taken);
    // The fast one takes what is read, then waits with the read paused on the slow one's backlog.
    await until(() => taken.length >= 4096);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shared.read).toBe(4096);
    expect(taken).toHaveLength(4096);
    const fromSlow = await takeUntil(slow!, head);
    await fastDone;
    expect(fromSlow).toHaveLength(10_000);
    expect(taken).toHaveLength(10_000);
    expect(shared.read).toBe(10_000);
    await shared.close();
  });
});
