import type { DomainEvent } from '@globetrail/contracts';
import { scoreSubmitted, userCreated, userDeleted } from '../../projections/testing/events.js';
import { tempStores } from '../../projections/testing/stores.js';
import { EventRelay, relayCheckpointName } from './event-relay.js';
import { InProcessBus } from './in-process-bus.js';
import { type MessageBus, type OutgoingMessage, topics } from './message-bus.port.js';
import { parseRelayedEvent, type ReceivedEvent, type RelayedEvent, toRelayedEvent } from './relayed-event.js';
import { eventually, Gate, Inbox } from './testing/waiting.js';

describe('EventRelay', () => {
  let stores: ReturnType<typeof tempStores>;
  let bus: InProcessBus;
  let relays: EventRelay[];
  let received: Inbox<ReceivedEvent & { key: string; typeHeader: string | undefined }>;

  beforeEach(async () => {
    stores = tempStores();
    bus = new InProcessBus();
    relays = [];
    received = new Inbox();
    // Consumers subscribe before the relay publishes: the bus fans out, it does not keep history.
    await bus.subscribe(topics.events, { groupId: 'test' }, async ({ key, value, headers }) =>
      received.push({ key, typeHeader: headers.type, ...parseRelayedEvent(value) }),
    );
  });
  afterEach(async () => {
    for (const relay of relays) await relay.stop();
    await bus.close();
    await stores.close();
  });

  const relay = (name = 'main', over: MessageBus = bus, options = {}) => {
    const created = new EventRelay(name, stores.events, stores.reads, over, options);
    relays.push(created);
    return created;
  };
  const positions = (events: readonly { position: bigint }[]) => events.map((event) => event.position);
  const stored = async () => positions(await stores.events.readAll());
  /** Every stream's events as received, which must be its revisions 0, 1, 2… each once. */
  const byStream = (events: readonly (ReceivedEvent & { key: string })[]) => {
    const streams = new Map<string, bigint[]>();
    for (const event of events) {
      expect(event.key).toBe(event.streamId);
      streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event.revision]);
    }
    return streams;
  };

  it('publishes every appended event keyed by its stream, in the stream’s order, with its domain event and its type in a header', async () => {
    const appended = new Map<string, DomainEvent[]>([
      ['user-a', [userCreated('a'), scoreSubmitted('a', 4000), userDeleted('a')]],
      ['user-b', [userCreated('b'), scoreSubmitted('b', 120)]],
    ]);
    await stores.append('user-a', appended.get('user-a')!.slice(0, 2));
    const started = relay();
    await started.start();
    await stores.append('user-b', appended.get('user-b')!);
    await stores.append('user-a', appended.get('user-a')!.slice(2));
    await received.until((items) => items.length === 5, 'all five events arrived');

    for (const [stream, events] of appended) {
      const arrived = received.items.filter((item) => item.streamId === stream);
      expect(arrived.map((item) => item.event)).toEqual(events);
      expect(arrived.map((item) => item.revision)).toEqual(events.map((_, i) => BigInt(i)));
      expect(arrived.every((item) => item.key === stream)).toBe(true);
      expect(arrived.map((item) => item.typeHeader)).toEqual(events.map((event) => event.type));
    }
    const recorded = await stores.events.readAll();
    const envelopes = [...received.items].sort((a, b) => Number(a.position - b.position)).map(({ event: _event, typeHeader: _type, ...rest }) => rest);
    expect(envelopes).toEqual(recorded.map(({ id, streamId, revision, position, createdAt }) => ({ key: streamId, id, streamId, revision, position, createdAt })));
    await started.stop();
    expect(await stores.reads.checkpoint(relayCheckpointName('main'))).toBe(recorded.at(-1)!.position);
    expect(started.position).toBe(recorded.at(-1)!.position);
  });

  it('resumes after a restart from its checkpoint, without publishing again what it committed', async () => {
    const first = relay();
    await first.start();
    await stores.append('user-a', [userCreated('a'), scoreSubmitted('a', 10)]);
    await received.until((items) => items.length === 2, 'the first two events arrived');
    await first.stop();

    await stores.append('user-a', [scoreSubmitted('a', 20)]);
    await stores.append('user-b', [userCreated('b')]);
    const second = relay();
    await second.start();
    await stores.append('user-b', [userDeleted('b')]);
    await received.until((items) => items.length >= 5, 'the three later events arrived');

    expect(positions(received.items)).toEqual(await stored());
    expect(byStream(received.items)).toEqual(new Map([['user-a', [0n, 1n, 2n]], ['user-b', [0n, 1n]]]));
  });

  it('writes its checkpoint at most once per checkpointEveryMs while events flow, and always when it stops', async () => {
    const checkpoint = () => stores.reads.checkpoint(relayCheckpointName('main'));
    const started = relay('main', bus, { checkpointEveryMs: 150 });
    await started.start();
    await stores.append('user-a', [userCreated('a')]);
    await received.until((items) => items.length === 1, 'the first event arrived');
    expect(await checkpoint()).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 200));
    await stores.append('user-a', [scoreSubmitted('a', 10)]);
    await received.until((items) => items.length === 2, 'the second event arrived');
    const second = (await stored())[1];
    await eventually(() => started.position === second, 'the checkpoint was written once it was due');
    expect(await checkpoint()).toBe(second);

    await stores.append('user-a', [scoreSubmitted('a', 20)]);
    await received.until((items) => items.length === 3, 'the third event arrived');
    expect(await checkpoint()).toBe(second);
    await started.stop();
    expect(await checkpoint()).toBe((await stored()).at(-1));
  });

  it('keeps a checkpoint per relay name', async () => {
    await stores.append('user-a', [userCreated('a')]);
    const main = relay('main');
    await main.start();
    await received.until((items) => items.length === 1, 'the main relay published');
    await main.stop();

    const audit = relay('audit');
    await audit.start();
    await received.until((items) => items.length === 2, 'the second relay published from the start');
    expect(positions(received.items)).toEqual([...(await stored()), ...(await stored())]);
  });

  it('publishes a backlog in batches, and events appended meanwhile after it, each once and in order', async () => {
    for (let s = 0; s < 12; s++) await stores.append(`user-${s}`, Array.from({ length: 100 }, (_, i) => scoreSubmitted(`${s}`, i)));
    const batches: RelayedEvent[][] = [];
    // The first batch is held until the later appends are in, so they land mid catch-up.
    const appendsDone = new Gate();
    const recording: MessageBus = {
      publish: async <V>(topic: string, messages: Array<OutgoingMessage<V>>) => {
        if (batches.length === 0) await appendsDone.opened;
        batches.push(messages.map((message) => message.value as RelayedEvent));
        await bus.publish(topic, messages);
      },
      subscribe: (topic, options, handler) => bus.subscribe(topic, options, handler),
      close: () => bus.close(),
    };
    await relay('main', recording).start();
    for (let s = 0; s < 12; s++) await stores.append(`user-${s}`, [userDeleted(`${s}`)]);
    expect(batches).toEqual([]);
    appendsDone.open();
    await received.until((items) => items.length === 1212, 'every event arrived', 20_000);

    const published = batches.flat().map((event) => BigInt(event.position));
    expect(published).toEqual(await stored());
    expect(batches.length).toBeGreaterThan(2);
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(500);
    const streams = byStream(received.items);
    expect(streams.size).toBe(12);
    for (const revisions of streams.values()) expect(revisions).toEqual(Array.from({ length: 101 }, (_, i) => BigInt(i)));
  });

  it('retries a publish the bus refused, losing and repeating nothing', async () => {
    let refusals = 1;
    const flaky: MessageBus = {
      publish: async (topic, messages) => {
        if (refusals-- > 0) throw new Error('broker unavailable');
        await bus.publish(topic, messages);
      },
      subscribe: (topic, options, handler) => bus.subscribe(topic, options, handler),
      close: () => bus.close(),
    };
    await stores.append('user-a', [userCreated('a'), scoreSubmitted('a', 1)]);
    await relay('main', flaky, { retryDelayMs: 5 }).start();
    await received.until((items) => items.length === 2, 'both events arrived after the retry');
    await stores.append('user-a', [userDeleted('a')]);
    await received.until((items) => items.length === 3, 'the next event arrived');
    expect(positions(received.items)).toEqual(await stored());
  });
});

describe('relayed events', () => {
  it('read back what the store recorded, through JSON', async () => {
    const stores = tempStores();
    try {
      const event = scoreSubmitted('a', 4321);
      await stores.append('user-a', [event]);
      const [recorded] = await stores.events.readAll();
      const relayed = JSON.parse(JSON.stringify(toRelayedEvent(recorded!))) as unknown;
      expect(relayed).toMatchObject({ streamId: 'user-a', revision: '0', position: recorded!.position.toString(), type: 'ScoreSubmitted' });
      expect(parseRelayedEvent(relayed)).toEqual({
        id: recorded!.id,
        streamId: 'user-a',
        revision: 0n,
        position: recorded!.position,
        createdAt: recorded!.createdAt,
        event,
      });
    } finally {
      await stores.close();
    }
  });

  it('refuse a malformed envelope or an event its schema refuses, naming the field', () => {
    const valid: RelayedEvent = {
      id: 'e1',
      streamId: 'user-a',
      revision: '3',
      position: '17',
      type: 'UserDeleted',
      data: { userId: 'a', deletedAt: '2026-11-21T10:00:00.000Z' },
      metadata: { schemaVersion: 1 },
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    expect(parseRelayedEvent(valid).revision).toBe(3n);
    expect(() => parseRelayedEvent({ ...valid, revision: 3 })).toThrow(/revision/);
    expect(() => parseRelayedEvent({ ...valid, position: '-1' })).toThrow(/position/);
    expect(() => parseRelayedEvent({ ...valid, createdAt: 'yesterday' })).toThrow(/createdAt/);
    expect(() => parseRelayedEvent({ ...valid, data: { userId: 'a' } })).toThrow(/deletedAt/);
    expect(() => parseRelayedEvent({ ...valid, type: 'Unheard' })).toThrow();
  });
});
