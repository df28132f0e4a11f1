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
  /** The revision of the stream's last event after this append: pass it as the next expectation. */
  nextExpectedRevision: bigint;
  /** The position of the last event written (or found already written, for an idempotent retry). */
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
}

/** Catch-up then live, in position order, with no gap and no duplicate. */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
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

export interface EventStore {
  append(streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; a stream that does not exist reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeToAllOptions): AllSubscription;
  close(): Promise<void>;
}
