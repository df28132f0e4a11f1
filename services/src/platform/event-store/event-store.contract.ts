import { randomUUID } from 'node:crypto';
import {
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type AllSubscription,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from './event-store.port.js';

export interface EventStoreUnderTest {
  store: EventStore;
  /** May run after a test already closed the store. */
  cleanup: () => Promise<void>;
}

/**
 * The rules every EventStore adapter keeps. Each test names its own streams and judges the all-stream
 * reads and subscriptions only by those streams' events, so an adapter on a shared server can run it.
 */
export function eventStoreContract(adapterName: string, create: () => Promise<EventStoreUnderTest>): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await create());
    });
    afterEach(async () => {
      await cleanup();
    });

    const revisionsOf = async (stream: string) => (await store.readStream(stream)).map((event) => event.revision);

    describe('append', () => {
      it('no_stream creates the stream and returns the revision and position of its last event', async () => {
        const stream = newStream();
        const result = await store.append(stream, guesses(3), 'no_stream');
        const stored = await store.readStream(stream);
        expect(stored.map((event) => event.revision)).toEqual([0n, 1n, 2n]);
        expect(result).toEqual({ nextExpectedRevision: 2n, position: stored[2]!.position });
      });

      it('no_stream fails on an existing stream, naming its last revision', async () => {
        const stream = newStream();
        await store.append(stream, guesses(2), 'no_stream');
        await expectWrongRevision(store.append(stream, guesses(1), 'no_stream'), 1n);
        expect(await revisionsOf(stream)).toEqual([0n, 1n]);
      });

      it('stream_exists appends to an existing stream and fails on a missing one', async () => {
        const stream = newStream();
        await expectWrongRevision(store.append(stream, guesses(1), 'stream_exists'), 'no_stream');
        await store.append(stream, guesses(1), 'no_stream');
        expect(await store.append(stream, guesses(1), 'stream_exists')).toMatchObject({ nextExpectedRevision: 1n });
      });

      it('any appends whether or not the stream exists', async () => {
        const stream = newStream();
        expect(await store.append(stream, guesses(1), 'any')).toMatchObject({ nextExpectedRevision: 0n });
        expect(await store.append(stream, guesses(2), 'any')).toMatchObject({ nextExpectedRevision: 2n });
      });

      it('an exact revision appends only when it is the stream’s last revision', async () => {
        const stream = newStream();
        await expectWrongRevision(store.append(stream, guesses(1), 0n), 'no_stream');
        const first = await store.append(stream, guesses(2), 'no_stream');
        await expectWrongRevision(store.append(stream, guesses(1), 0n), 1n);
        await expectWrongRevision(store.append(stream, guesses(1), 5n), 1n);
        const second = await store.append(stream, guesses(1), first.nextExpectedRevision);
        expect(second.nextExpectedRevision).toBe(2n);
        expect(second.position).toBeGreaterThan(first.position);
      });

      it('a failed append stores none of its events', async () => {
        const stream = newStream();
        await store.append(stream, guesses(1), 'no_stream');
        await expectWrongRevision(store.append(stream, guesses(5), 3n), 0n);
        expect(await revisionsOf(stream)).toEqual([0n]);
      });

      it('counts revisions per stream and positions across all streams', async () => {
        const [a, b] = [newStream(), newStream()];
        const results = [
          await store.append(a, guesses(2), 'no_stream'),
          await store.append(b, guesses(1), 'no_stream'),
          await store.append(a, guesses(1), 1n),
        ];
        expect(results.map((result) => result.nextExpectedRevision)).toEqual([1n, 0n, 2n]);
        expect(isStrictlyIncreasing(results.map((result) => result.position))).toBe(true);
      });

      it('an empty append checks the expectation, stores nothing and returns the current state', async () => {
        const missing = newStream();
        const onMissing = await store.append(missing, [], 'no_stream');
        expect(onMissing).toEqual({ nextExpectedRevision: -1n, position: -1n });
        expect(await store.readStream(missing)).toEqual([]);
        await expectWrongRevision(store.append(missing, [], 'stream_exists'), 'no_stream');

        const written = await store.append(missing, guesses(2), onMissing.nextExpectedRevision);
        expect(await store.append(missing, [], 1n)).toEqual(written);
        await expectWrongRevision(store.append(missing, [], 'no_stream'), 1n);
        expect(await revisionsOf(missing)).toEqual([0n, 1n]);
      });
    });

    describe('idempotent retries', () => {
      it('a retry with the same events stores them once and returns the first result', async () => {
        const stream = newStream();
        const events = guesses(3);
        const first = await store.append(stream, events, 'no_stream');
        expect(await store.append(stream, events, 'no_stream')).toEqual(first);
        expect(await revisionsOf(stream)).toEqual([0n, 1n, 2n]);
      });

      it('a retry is recognised whatever its expectation says, even after later appends', async () => {
        const stream = newStream();
        const events = guesses(2);
        const first = await store.append(stream, events, 'no_stream');
        await store.append(stream, guesses(3), 'any');
        for (const expected of ['no_stream', 'stream_exists', 'any', 0n, 1n, 9n] satisfies ExpectedRevision[]) {
          expect(await store.append(stream, events, expected)).toEqual(first);
        }
        expect(await revisionsOf(stream)).toEqual([0n, 1n, 2n, 3n, 4n]);
      });

      it('an append holding only part of a stored run, or its ids out of order, is rejected and stores nothing', async () => {
        const stream = newStream();
        const [a, b, c] = guesses(3) as [EventToAppend, EventToAppend, EventToAppend];
        const [fresh] = guesses(1) as [EventToAppend];
        await store.append(stream, [a, b, c], 'no_stream');
        for (const attempt of [[b, fresh], [fresh, b], [a, c], [b, a], [a, b, c, fresh]]) {
          await expect(store.append(stream, attempt, 'any')).rejects.toBeInstanceOf(IdempotencyConflictError);
        }
        expect(await revisionsOf(stream)).toEqual([0n, 1n, 2n]);
      });

      it('an append naming one id twice is rejected', async () => {
        const stream = newStream();
        const [event] = guesses(1) as [EventToAppend];
        await expect(store.append(stream, [event, event], 'any')).rejects.toBeInstanceOf(IdempotencyConflictError);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('the same ids in another stream are new events', async () => {
        const events = guesses(2);
        await store.append(newStream(), events, 'no_stream');
        const other = newStream();
        await store.append(other, events, 'no_stream');
        expect((await store.readStream(other)).map((event) => event.id)).toEqual(events.map((event) => event.id));
      });
    });

    describe('reading a stream', () => {
      it('reads every event forwards by default, with all its fields', async () => {
        const stream = newStream();
        const events = guesses(3);
        const before = Date.now();
        await store.append(stream, events, 'no_stream');
        const read = await store.readStream(stream);
        expect(read.map(({ id, streamId, type, revision, data, metadata }) => ({ id, streamId, type, revision, data, metadata })))
          .toEqual(events.map((event, i) => ({ ...event, streamId: stream, revision: BigInt(i), metadata: {} })));
        expect(isStrictlyIncreasing(read.map((event) => event.position))).toBe(true);
        for (const { createdAt } of read) {
          expect(createdAt).toBeInstanceOf(Date);
          expect(Math.abs(createdAt.getTime() - before)).toBeLessThan(60_000);
        }
      });

      it('reads backwards from the end by default', async () => {
        const stream = newStream();
        await store.append(stream, guesses(3), 'no_stream');
        const read = await store.readStream(stream, { direction: 'backwards' });
        expect(read.map((event) => event.revision)).toEqual([2n, 1n, 0n]);
      });

      it('reads from an inclusive revision in either direction, up to maxCount', async () => {
        const stream = newStream();
        await store.append(stream, guesses(6), 'no_stream');
        const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
          (await store.readStream(stream, options)).map((event) => event.revision);
        expect(await revisions({ fromRevision: 3n })).toEqual([3n, 4n, 5n]);
        expect(await revisions({ fromRevision: 3n, direction: 'backwards' })).toEqual([3n, 2n, 1n, 0n]);
        expect(await revisions({ maxCount: 2 })).toEqual([0n, 1n]);
        expect(await revisions({ direction: 'backwards', maxCount: 2 })).toEqual([5n, 4n]);
        expect(await revisions({ fromRevision: 2n, maxCount: 3 })).toEqual([2n, 3n, 4n]);
        expect(await revisions({ fromRevision: 'end', direction: 'backwards', maxCount: 1 })).toEqual([5n]);
        expect(await revisions({ fromRevision: 6n })).toEqual([]);
        expect(await revisions({ fromRevision: 'end' })).toEqual([]);
      });

      it('reads a missing stream as empty in either direction', async () => {
        const stream = newStream();
        expect(await store.readStream(stream)).toEqual([]);
        expect(await store.readStream(stream, { direction: 'backwards' })).toEqual([]);
      });

      it('returns data and metadata as they were appended', async () => {
        const stream = newStream();
        const data = {
          text: 'São Paulo, 東京, القاهرة, Ελλάδα, emoji 🗺️🧭, combining é, line separator \u2028',
          nested: { rounds: [{ lat: -33.8688, lng: 151.2093, hit: true }, { lat: 0, lng: -0.5, hit: null }] },
          counts: [0, -1, 1.5, 1e21],
          empty: { list: [], object: {} },
        };
        const metadata = { correlationId: randomUUID(), actor: { kind: 'player', name: 'Zoë' } };
        await store.append(stream, [{ id: randomUUID(), type: 'GuessPlaced', data, metadata }], 'no_stream');
        const [read] = await store.readStream(stream);
        expect(read).toMatchObject({ data, metadata });
      });
    });

    describe('reading all streams', () => {
      it('reads every event in position order, forwards or backwards', async () => {
        const [a, b] = [newStream(), newStream()];
        await store.append(a, guesses(2), 'no_stream');
        await store.append(b, guesses(2), 'no_stream');
        await store.append(a, guesses(1), 1n);
        const own = (events: RecordedEvent[]) => events.filter((event) => event.streamId === a || event.streamId === b);
        const forwards = own(await store.readAll());
        expect(forwards.map((event) => `${event.streamId}@${event.revision}`)).toEqual(
          [`${a}@0`, `${a}@1`, `${b}@0`, `${b}@1`, `${a}@2`],
        );
        expect(isStrictlyIncreasing(forwards.map((event) => event.position))).toBe(true);
        expect(own(await store.readAll({ direction: 'backwards' }))).toEqual([...forwards].reverse());
      });

      it('reads from an inclusive position in either direction, up to maxCount', async () => {
        const stream = newStream();
        await store.append(stream, guesses(5), 'no_stream');
        const stored = await store.readStream(stream);
        const [first, third, last] = [stored[0]!, stored[2]!, stored[4]!];

        const forwards = await store.readAll({ fromPosition: first.position, maxCount: 3 });
        expect(forwards).toHaveLength(3);
        expect(forwards[0]).toEqual(first);
        expect(isStrictlyIncreasing(forwards.map((event) => event.position))).toBe(true);

        const backwards = await store.readAll({ fromPosition: last.position, direction: 'backwards', maxCount: 2 });
        expect(backwards).toHaveLength(2);
        expect(backwards[0]).toEqual(last);
        expect(backwards[1]!.position).toBeLessThan(last.position);

        const fromThird = await store.readAll({ fromPosition: third.position });
        expect(fromThird.filter((event) => event.streamId === stream)).toEqual(stored.slice(2));
      });
    });

    describe('subscribing to all streams', () => {
      it('from start, delivers the stored events in position order, then new ones live', async () => {
        const stream = newStream();
        await store.append(stream, guesses(3), 'no_stream');
        const subscription = store.subscribeToAll({ fromPosition: 'start' });
        const iterator = subscription[Symbol.asyncIterator]();
        const caughtUp = await nextUntil(subscription, iterator, (event) => event.streamId === stream && event.revision === 2n);

        await store.append(stream, guesses(2), 2n);
        const live = await nextUntil(subscription, iterator, (event) => event.streamId === stream && event.revision === 4n);
        await subscription.unsubscribe();

        const delivered = [...caughtUp, ...live];
        expect(delivered.filter((event) => event.streamId === stream)).toEqual(await store.readStream(stream));
        expect(isStrictlyIncreasing(delivered.map((event) => event.position))).toBe(true);
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);

      it('from a checkpoint, delivers only the events after it', async () => {
        const stream = newStream();
        await store.append(stream, guesses(5), 'no_stream');
        const checkpoint = (await store.readStream(stream))[2]!.position;
        const subscription = store.subscribeToAll({ fromPosition: checkpoint });
        const delivered = await nextUntil(subscription, subscription[Symbol.asyncIterator](), isLastOf(stream, 4n));
        await subscription.unsubscribe();
        expect(delivered.every((event) => event.position > checkpoint)).toBe(true);
        expect(delivered.filter((event) => event.streamId === stream).map((event) => event.revision)).toEqual([3n, 4n]);
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);

      it('for some types, delivers those whole and in order, and the last event of the log', async () => {
        const stream = newStream();
        const mixed = [...guesses(2), { id: randomUUID(), type: 'RoundEnded', data: { round: 0 } }, ...guesses(1), { id: randomUUID(), type: 'RoundEnded', data: { round: 1 } }, ...guesses(2)];
        await store.append(stream, mixed, 'no_stream');
        const subscription = store.subscribeToAll({ fromPosition: 'start', types: ['RoundEnded'] });
        const delivered = (await nextUntil(subscription, subscription[Symbol.asyncIterator](), isLastOf(stream, 6n))).filter((event) => event.streamId === stream);
        await subscription.unsubscribe();
        const whole = await store.readStream(stream);
        const byId = new Map(whole.map((event) => [event.id, event]));
        // Events of other types may be left out, or come without their data (the store's choice); those
        // that come are the log's, in its order.
        const shape = ({ id, type, revision, position }: RecordedEvent) => ({ id, type, revision, position });
        expect(delivered.map(shape)).toEqual(delivered.map((event) => shape(byId.get(event.id)!)));
        expect(delivered.map((event) => event.revision)).toEqual([...delivered.map((event) => event.revision)].sort((a, b) => (a < b ? -1 : 1)));
        expect(delivered.filter((event) => event.type === 'RoundEnded')).toEqual([whole[2], whole[4]]);
        expect(shape(delivered.at(-1)!)).toEqual(shape(whole[6]!));
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);

      it('from end, delivers only events appended after subscribing', async () => {
        const stream = newStream();
        await store.append(stream, guesses(2), 'no_stream');
        const subscription = store.subscribeToAll({ fromPosition: 'end' });
        await store.append(stream, guesses(1), 1n);
        const delivered = await nextUntil(subscription, subscription[Symbol.asyncIterator](), isLastOf(stream, 2n));
        await subscription.unsubscribe();
        expect(delivered.filter((event) => event.streamId === stream).map((event) => event.revision)).toEqual([2n]);
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);

      it('leaves no gap and no duplicate while a writer appends during catch-up', async () => {
        const streams = [newStream(), newStream(), newStream()];
        const prefilled = 1_200;
        for (let i = 0; i < prefilled / 100; i++) await store.append(streams[i % 3]!, guesses(100), 'any');

        const subscription = store.subscribeToAll({ fromPosition: 'start' });
        let deliveredWhenWriterStarted: number | undefined;
        const delivered: RecordedEvent[] = [];
        const sentinel = newStream();
        const prefilledStreams = new Set(streams);
        let ownDelivered = 0;
        // Halfway through the prefilled events the reader waits for the writer's first append, so appends
        // land while the subscription is still catching up, however fast either side runs.
        let firstAppendDone!: () => void;
        const firstAppend = new Promise<void>((resolve) => (firstAppendDone = resolve));
        const writer = (async () => {
          for (let written = 0, batch = 0; written < 2_000; batch++) {
            const size = Math.min(1 + (batch % 4), 2_000 - written);
            await store.append(streams[batch % 3]!, guesses(size), 'any');
            if (deliveredWhenWriterStarted === undefined) {
              deliveredWhenWriterStarted = ownDelivered;
              firstAppendDone();
            }
            written += size;
            await yieldToOthers();
          }
          await store.append(sentinel, guesses(1), 'no_stream');
        })();
        const reader = (async () => {
          const iterator = subscription[Symbol.asyncIterator]();
          const deadline = setTimeout(() => void subscription.unsubscribe(), SUBSCRIPTION_DEADLINE_MS);
          // A projection does work per event; yielding lets the writer in between catch-up pages.
          for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
            delivered.push(next.value);
            if (next.value.streamId === sentinel) break;
            if (prefilledStreams.has(next.value.streamId) && ++ownDelivered === prefilled / 2) await firstAppend;
            if (delivered.length % 50 === 0) await yieldToOthers();
          }
          clearTimeout(deadline);
          await subscription.unsubscribe();
        })();
        await Promise.all([writer, reader]);

        const ownStreams = new Set([...streams, sentinel]);
        const own = (events: RecordedEvent[]) => events.filter((event) => ownStreams.has(event.streamId));
        const stored = own(await store.readAll());
        expect(stored).toHaveLength(prefilled + 2_000 + 1);
        expect(deliveredWhenWriterStarted).toBeLessThan(prefilled);
        expect(own(delivered).map((event) => event.position)).toEqual(stored.map((event) => event.position));
        expect(isStrictlyIncreasing(delivered.map((event) => event.position))).toBe(true);
      }, 60_000);

      it('unsubscribe ends a pending for-await loop', async () => {
        const stream = newStream();
        await store.append(stream, guesses(1), 'no_stream');
        const subscription = store.subscribeToAll({ fromPosition: 'end' });
        let caughtUp!: () => void;
        const waitingLive = new Promise<void>((resolve) => (caughtUp = resolve));
        const loop = (async () => {
          const delivered: RecordedEvent[] = [];
          for await (const event of subscription) {
            delivered.push(event);
            if (event.streamId === stream) caughtUp();
          }
          return delivered;
        })();
        await store.append(stream, guesses(1), 0n);
        await waitingLive;
        await subscription.unsubscribe();
        expect(await settlesWithin(loop, 2_000)).toBe(true);
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);

      it('breaking out of a for-await loop ends the subscription', async () => {
        const stream = newStream();
        await store.append(stream, guesses(3), 'no_stream');
        const subscription = store.subscribeToAll({ fromPosition: 'start' });
        for await (const event of subscription) if (event.streamId === stream) break;
        await store.append(stream, guesses(1), 2n);
        expect(await subscription[Symbol.asyncIterator]().next()).toEqual({ done: true, value: undefined });
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);

      it('close ends every subscription', async () => {
        const loops = [store.subscribeToAll({ fromPosition: 'end' }), store.subscribeToAll({ fromPosition: 'start' })].map(
          async (subscription) => {
            for await (const _event of subscription);
          },
        );
        await store.close();
        expect(await settlesWithin(Promise.all(loops), 2_000)).toBe(true);
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);

      it('two subscriptions are independent', async () => {
        const stream = newStream();
        await store.append(stream, guesses(1), 'no_stream');
        const fromStart = store.subscribeToAll({ fromPosition: 'start' });
        const fromEnd = store.subscribeToAll({ fromPosition: 'end' });
        await nextUntil(fromStart, fromStart[Symbol.asyncIterator](), isLastOf(stream, 0n));
        await fromStart.unsubscribe();

        await store.append(stream, guesses(1), 0n);
        const delivered = await nextUntil(fromEnd, fromEnd[Symbol.asyncIterator](), isLastOf(stream, 1n));
        await fromEnd.unsubscribe();
        expect(delivered.filter((event) => event.streamId === stream).map((event) => event.revision)).toEqual([1n]);
        expect(await fromStart[Symbol.asyncIterator]().next()).toEqual({ done: true, value: undefined });
      }, SUBSCRIPTION_TEST_TIMEOUT_MS);
    });
  });
}

const SUBSCRIPTION_TEST_TIMEOUT_MS = 20_000;
/** Shorter than the test timeout, so a missing event fails an assertion that shows what came instead. */
const SUBSCRIPTION_DEADLINE_MS = 10_000;

const newStream = () => `contract-${randomUUID()}`;

function guesses(count: number): EventToAppend[] {
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: 'GuessPlaced',
    data: { round: i, lat: 48.8566, lng: 2.3522 },
  }));
}

async function expectWrongRevision(append: Promise<unknown>, actual: bigint | 'no_stream'): Promise<void> {
  const error = await append.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ actual });
}

const isLastOf = (stream: string, revision: bigint) => (event: RecordedEvent) =>
  event.streamId === stream && event.revision === revision;

/** Pulls until `isLast` matches; the deadline unsubscribes, so a missing event ends the loop instead of hanging. */
async function nextUntil(
  subscription: AllSubscription,
  iterator: AsyncIterator<RecordedEvent>,
  isLast: (event: RecordedEvent) => boolean,
): Promise<RecordedEvent[]> {
  const delivered: RecordedEvent[] = [];
  const deadline = setTimeout(() => void subscription.unsubscribe(), SUBSCRIPTION_DEADLINE_MS);
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      delivered.push(next.value);
      if (isLast(next.value)) break;
    }
  } finally {
    clearTimeout(deadline);
  }
  return delivered;
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([promise.then(() => true), timedOut]);
  clearTimeout(timer);
  return settled;
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

function isStrictlyIncreasing(values: bigint[]): boolean {
  return values.every((value, i) => i === 0 || value > values[i - 1]!);
}
