import {
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  type Position,
  type ReadPosition,
  type ReadRevision,
  type ResolvedEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import {
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  IdempotencyConflictError,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  WrongExpectedRevisionError,
} from './event-store.port.js';
import { expectationHolds } from './expected-revision.js';

/**
 * The event store on KurrentDB (formerly EventStoreDB), through `@kurrent/kurrentdb-client`: the maintained
 * successor of `@eventstore/db-client` (last release December 2024), released by Kurrent with the server.
 *
 * Mapped one to one: a stream is a stream, the port's expectations are KurrentDB's stream states
 * (`no_stream`, `stream_exists`, `any`, a revision), an event id is KurrentDB's event id, and a position is
 * the event's commit position in `$all` (equal to its prepare position for every event written outside an
 * explicit transaction, which this adapter never opens; anything else is refused loudly). Stream reads carry
 * positions from KurrentDB 22.10 on. `$all` reads and subscriptions leave out KurrentDB's own system events.
 *
 * Idempotency: the port recognises a retry whatever its expectation says, and refuses an append that holds
 * part of a stored run. KurrentDB itself answers a retry sent with the same expected revision (or
 * `no_stream`) at the same place: it stores nothing and reports success. So an append with a revision or
 * `no_stream` goes straight to the server, with no read on the hot path (issue 29), and the stream's tail
 * (its last `idempotencyWindow` events, 256 by default) is read only when the server reports a conflict: a
 * retry sent after later appends, or with another expectation, is then recognised there (`appendPlan`,
 * unit-tested as a decision table). `any` and `stream_exists` still read first: for them KurrentDB checks
 * ids only against a recent-writes cache and would store an older retry twice.
 *
 * What the server cannot answer alone, and so differs from the embedded store for expectations it checks
 * itself: an append at the stream's end (its exact revision) whose ids include one stored earlier, not at
 * that place, is written (the embedded store refuses it as part of a stored run). The game never sends one:
 * a command's event ids are new for each decision, and its retry repeats the same expectation.
 */
export interface KurrentDbEventStoreOptions {
  /** `EVENTSTORE_URL`, e.g. `kurrentdb://kurrentdb:2113?tls=false`. */
  url: string;
  idempotencyWindow?: number;
}

export class KurrentDbEventStore implements EventStore {
  private readonly subscriptions = new Set<KurrentSubscription>();
  private readonly idempotencyWindow: number;
  private closed = false;

  private constructor(
    private readonly client: KurrentDBClient,
    options: KurrentDbEventStoreOptions,
  ) {
    this.idempotencyWindow = options.idempotencyWindow ?? 256;
  }

  static connect(options: KurrentDbEventStoreOptions): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(options.url), options);
  }

  async append(streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const ids = distinctIds(streamId, events);
    if (ids.length === 0) return this.check(streamId, expectedRevision);
    if (appendPlan(expectedRevision).readFirst) {
      const stored = retryOutcome(streamId, await this.tail(streamId), ids);
      if (stored) return stored;
    }
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map(({ id, type, data, metadata }) => jsonEvent({ id, type, data: data as never, metadata: (metadata ?? {}) as never })),
        { streamState: toStreamState(expectedRevision) },
      );
      const answered = appendPlan(expectedRevision).onWritten(result.position ? fromPosition(result.position) : null, result.nextExpectedRevision, ids.length);
      if (answered === 'done') return { nextExpectedRevision: result.nextExpectedRevision, position: fromPosition(result.position!) };
      // A retry the server recognised without saying where its events are: they are on the tail.
      const found = retryOutcome(streamId, await this.tail(streamId), ids);
      if (found) return found;
      throw new Error(`KurrentDB did not say where the append to ${streamId} landed`);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // A conflict: a retry sent after later appends or with another expectation, or a writer racing this
      // one that stored these very events. The tail tells which; otherwise the conflict stands.
      const raced = retryOutcome(streamId, await this.tail(streamId), ids);
      if (raced) return raced;
      throw toWrongExpectedRevision(streamId, expectedRevision, error.actualState);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const direction = options.direction ?? 'forwards';
    const read = this.client.readStream(streamId, {
      direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
      fromRevision: toReadRevision(options.fromRevision, direction),
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = fromResolved(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const direction = options.direction ?? 'forwards';
    const from = options.fromPosition ?? (direction === 'forwards' ? 'start' : 'end');
    const events = await this.readAllFrom(direction, from, options.maxCount);
    if (typeof from !== 'bigint') return events;
    // The port's positions are inclusive either way: keep only what lies on the asked side of `from`, and
    // make sure the event at `from` itself is there (a backwards read from a position starts before it).
    const onSide = events.filter((event) => (direction === 'forwards' ? event.position >= from : event.position <= from));
    if (direction === 'backwards' && onSide[0]?.position !== from) {
      const [atFrom] = await this.readAllFrom('forwards', from, 1);
      if (atFrom?.position === from) onSide.unshift(atFrom);
    }
    return options.maxCount === undefined ? onSide : onSide.slice(0, options.maxCount);
  }

  /**
   * Every event comes whole, whatever `types` asks (which the port lets an adapter ignore). KurrentDB's
   * server-side event-type filter would leave the others out, but says how far it has read only through
   * checkpoint notifications, not with the log's last event as the port asks: not used.
   */
  subscribeToAll({ fromPosition }: SubscribeToAllOptions): AllSubscription {
    this.assertOpen();
    const subscription = new KurrentSubscription(
      this.client.subscribeToAll({ fromPosition: toReadPosition(fromPosition), filter: excludeSystemEvents() }),
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    await this.client.dispose();
  }

  /** An empty append: checks the expectation against the stream's last event and stores nothing. */
  private async check(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    if (!expectationHolds(expected, last?.revision)) throw new WrongExpectedRevisionError(streamId, expected, last?.revision ?? 'no_stream');
    return { nextExpectedRevision: last?.revision ?? -1n, position: last?.position ?? -1n };
  }

  /** The stream's last events (at most the idempotency window), oldest first. */
  private async tail(streamId: string): Promise<RecordedEvent[]> {
    return (await this.readStream(streamId, { direction: 'backwards', maxCount: this.idempotencyWindow })).reverse();
  }

  private async readAllFrom(direction: 'forwards' | 'backwards', from: bigint | 'start' | 'end', maxCount?: number): Promise<RecordedEvent[]> {
    const read = this.client.readAll({
      direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
      fromPosition: toReadPosition(from),
      filter: excludeSystemEvents(),
      ...(maxCount === undefined ? {} : { maxCount }),
    });
    const events: RecordedEvent[] = [];
    for await (const resolved of read) {
      const event = fromResolved(resolved);
      if (event) events.push(event);
    }
    return events;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event store is closed');
  }
}

/** A catch-up subscription to `$all` as the port's async iterable. */
class KurrentSubscription implements AllSubscription {
  private ended = false;

  constructor(
    private readonly source: AllStreamSubscription,
    private readonly onEnd: () => void,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    try {
      for await (const resolved of this.source) {
        if (this.ended) return;
        const event = fromResolved(resolved);
        if (event) yield event;
      }
    } finally {
      await this.unsubscribe();
    }
  }

  async unsubscribe(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.onEnd();
    await this.source.unsubscribe();
  }
}

/**
 * How an append goes, by its expectation (the decision table, unit-tested): whether the stream's tail is read
 * before appending (only where KurrentDB would not recognise a retry itself), and what a success means. A
 * success is the plain write of these events when the server says where they landed and the stream now ends
 * exactly where they would (after the expected revision, or from 0 for `no_stream`): done. Anything else is
 * the server's answer to a retry it recognised, whose figures are the tail's to give. A conflict always
 * reads the tail (see `append`).
 */
export function appendPlan(expected: ExpectedRevision): {
  readFirst: boolean;
  onWritten: (position: bigint | null, nextExpectedRevision: bigint, count: number) => 'done' | 'read-tail';
} {
  const serverChecksIds = expected === 'no_stream' || typeof expected === 'bigint';
  const start = expected === 'no_stream' ? 0n : typeof expected === 'bigint' ? expected + 1n : null;
  return {
    readFirst: !serverChecksIds,
    onWritten: (position, next, count) => {
      if (position === null || position < 0n) return 'read-tail';
      if (start !== null && next !== start + BigInt(count) - 1n) return 'read-tail';
      return 'done';
    },
  };
}

/** The port's expectation as KurrentDB's stream state: the same four cases, one to one. */
export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream' || expected === 'stream_exists' || expected === 'any') return expected;
  if (typeof expected === 'bigint' && expected >= 0n) return expected;
  throw new TypeError(`expected revision must be 'no_stream', 'stream_exists', 'any' or a revision ≥ 0, not ${String(expected)}`);
}

/** KurrentDB's "wrong expected version" as the port's error, naming the stream's actual last revision. */
export function toWrongExpectedRevision(streamId: string, expected: ExpectedRevision, actual: unknown): WrongExpectedRevisionError {
  return new WrongExpectedRevisionError(streamId, expected, typeof actual === 'bigint' ? actual : 'no_stream');
}

/** A position in `$all` as the port's single number (see the class note). */
export function fromPosition(position: Position): bigint {
  if (position.commit !== position.prepare) {
    throw new Error(`event at commit ${position.commit} / prepare ${position.prepare} was written in an explicit transaction, which this store never uses`);
  }
  return position.commit;
}

export function toReadPosition(position: bigint | 'start' | 'end'): ReadPosition {
  if (position === 'start') return START;
  if (position === 'end') return END;
  return { commit: position, prepare: position };
}

export function toReadRevision(revision: ReadStreamOptions['fromRevision'], direction: 'forwards' | 'backwards'): ReadRevision {
  if (revision === undefined) return direction === 'forwards' ? START : END;
  if (revision === 'start') return START;
  if (revision === 'end') return END;
  return revision;
}

/** A resolved KurrentDB event as the port's recorded event; null for a link or an event without a body. */
export function fromResolved(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event) return null;
  if (!event.position) throw new Error(`KurrentDB gave no position for ${event.streamId}@${event.revision}: KurrentDB 22.10 or later is needed`);
  if (!event.isJson) throw new Error(`event ${event.streamId}@${event.revision} is not JSON`);
  const metadata = event.metadata;
  return Object.freeze({
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    revision: event.revision,
    position: fromPosition(event.position),
    data: event.data,
    metadata: isRecord(metadata) ? metadata : {},
    createdAt: event.created,
  });
}

/** The append's event ids, refusing a batch that names one twice (it could never be a clean retry). */
export function distinctIds(streamId: string, events: EventToAppend[]): string[] {
  const ids = events.map((event) => event.id);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new IdempotencyConflictError(streamId, ids, `${id} appears twice in one append`);
    seen.add(id);
  }
  return ids;
}

/**
 * Whether an append's ids are already stored, judged on the stream's tail (oldest first): null when none
 * is (new events); the original result when all are, as one run in the same order; otherwise an
 * IdempotencyConflictError (part of a stored run, or out of order).
 */
export function retryOutcome(streamId: string, tail: readonly Pick<RecordedEvent, 'id' | 'revision' | 'position'>[], ids: readonly string[]): AppendResult | null {
  const at = new Map(tail.map((event, index) => [event.id, index]));
  const first = at.get(ids[0]!);
  if (first === undefined) {
    const stored = ids.find((id) => at.has(id));
    if (stored !== undefined) throw new IdempotencyConflictError(streamId, ids, `${stored} is already stored`);
    return null;
  }
  const run = tail.slice(first, first + ids.length);
  if (run.length !== ids.length || run.some((event, i) => event.id !== ids[i])) {
    throw new IdempotencyConflictError(streamId, ids, `only part of them is stored, from revision ${tail[first]!.revision}`);
  }
  const last = run.at(-1)!;
  return { nextExpectedRevision: last.revision, position: last.position };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
