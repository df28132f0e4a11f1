/**
 * The event store port, shaped after EventStoreDB's client so that adapter stays thin.
 * Revisions count events within a stream from 0; positions order every event in the store.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface EventToAppend {
  /** A UUID. Appending an event whose id the stream already holds at that place stores nothing new. */
  id: string;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  type: string;
  /** Place in its stream, from 0. */
  revision: bigint;
  /** Place in the whole store; strictly increasing in commit order. */
  position: bigint;
  data: unknown;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface AppendResult {
  /**
   * The revision of the stream's last event after this append: pass it as the next expectation.
   * -1n only for an empty append to a stream that does not exist (append reads -1n as 'no_stream').
   */
  nextExpectedRevision: bigint;
  /**
   * The position of the last event written (or found already written, for an idempotent retry).
   * For an empty append, the position of the stream's last event, or -1n if there is none.
   */
  position: bigint;
}

export type ReadDirection = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  direction?: ReadDirection;
  /** Inclusive. Defaults to 'start' forwards and 'end' backwards. */
  fromRevision?: bigint | 'start' | 'end';
  maxCount?: number;
}

export interface ReadAllOptions {
  direction?: ReadDirection;
  /** Inclusive. Defaults to 'start' forwards and 'end' backwards. */
  fromPosition?: bigint | 'start' | 'end';
  maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** A checkpoint: delivery starts with the first event after it. 'start' delivers everything. */
  fromPosition: bigint | 'start' | 'end';
  /**
   * The event types the reader uses (a rebuild's read models). Every event of these types comes whole, in
   * order, as without it; of the others the store may leave out any, or hand them with `data: null` and
   * `metadata: {}` (with their id, stream, revision, position, type and time), sparing their transfer and
   * parse — but once it has delivered what the log holds, the last event it read comes too (maybe without
   * its data), so that the reader knows how far the log goes. Adapters may ignore it and deliver every
   * event whole. Absent: every event whole.
   */
  types?: readonly string[];
}

/** Catch-up then live, in position order, with no gap and no duplicate. */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
  /**
   * The next event if the subscription already holds it, without waiting (undefined when it would have to
   * wait), for a reader that goes through a page of events without a promise for each. Never called while
   * a `next()` of the iterator is still pending; optional for adapters.
   */
  poll?(): RecordedEvent | undefined;
  /** How many events of the log it has passed by without delivering them (SubscribeToAllOptions.types); optional for adapters. */
  readonly leftOut?: number;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`append to ${streamId} expected revision ${String(expected)} but the stream is at ${String(actual)}`);
  }
}

/**
 * An append whose event ids the stream only partly holds, or holds elsewhere than as one run in the
 * same order, or that repeats an id. It is neither a safe retry nor new events, so nothing is stored.
 */
export class IdempotencyConflictError extends Error {
  override readonly name = 'IdempotencyConflictError';
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
    reason: string,
  ) {
    super(`append to ${streamId} of events [${eventIds.join(', ')}] conflicts with stored event ids: ${reason}`);
  }
}

export interface EventStore {
  /**
   * Appends atomically. If the stream already holds exactly these event ids, consecutively and in this
   * order, nothing is stored and the original result is returned, whatever `expectedRevision` says, as
   * EventStoreDB does for a retried write. An empty `events` list checks `expectedRevision` and stores
   * nothing. Throws `WrongExpectedRevisionError` or `IdempotencyConflictError`.
   */
  append(streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; a stream that does not exist reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeToAllOptions): AllSubscription;
  /** Ends every subscription, then releases the connection. Calling it again does nothing. */
  close(): Promise<void>;
}
