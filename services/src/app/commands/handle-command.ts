import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@globetrail/contracts';
import { type Decider, type DecisionContext, isRejection, type Rejection } from '../../domain/decider.js';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '../../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../platform/event-store/domain-event.js';
import type { StreamStateCache } from './stream-state-cache.js';

/** A command the rules refused; the API renders it as a 4xx with the rejection's code and field. */
export class CommandRejectedError extends Error {
  override readonly name = 'CommandRejectedError';
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}

export interface CommandOutcome<S, E> {
  /** State after the decision (equal to the state before when nothing was appended). */
  state: S;
  /** The events this call appended; empty when the command had already been carried out. */
  events: E[];
  /**
   * For read-your-writes waits: the global position of the last appended event or, when the command was
   * already carried out, of the stream's last event (so a read model shows what made it a no-op, even when
   * another request wrote it a moment ago); null for a stream with no events.
   */
  position: bigint | null;
  /** The stream's revision after the command: its last appended event's, or the one decided on. */
  revision: bigint | null;
}

/** The stream's state, or (with `beforeRevision`) its state just before that event. */
export async function loadState<S, E>(store: EventStore, streamId: string, decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>, beforeRevision?: bigint) {
  const recorded = await store.readStream(streamId, beforeRevision === undefined ? {} : { maxCount: Number(beforeRevision) });
  const state = recorded.reduce((current, event) => decider.evolve(current, toDomainEvent(event) as E), decider.initialState);
  const revision = recorded.at(-1)?.revision;
  return { state, revision };
}

const MAX_ATTEMPTS = 5;

export interface HandleOptions {
  /** Recorded in each event's metadata. */
  metadata?: Record<string, unknown>;
  /** Keeps the stream's state between commands, so each reads only the events appended since. */
  states?: StreamStateCache;
}

/**
 * Decides on the stream's state and appends with the revision it decided on. When another writer got there
 * first it re-reads and decides again on the new state, never overwriting. With a state cache, the first
 * decision is made on the cached state without reading the stream (the append's revision check covers it).
 */
export async function handleCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  context: () => DecisionContext,
  { metadata = {}, states }: HandleOptions = {},
): Promise<CommandOutcome<S, E>> {
  for (let attempt = 1; ; attempt++) {
    // First on the state this process last saw, without a read: if another writer moved the stream on, the
    // append below fails on its revision and the command decides again on what the store holds. A refusal
    // or a no-op decided on it is checked against the store before it is answered.
    const peeked = attempt === 1 ? states?.peek(streamId, decider) : undefined;
    let { state, revision } = peeked ?? (states ? await states.load(streamId, decider) : await loadState(store, streamId, decider));
    let decision = decider.decide(command, state, context());
    if (peeked && (isRejection(decision) || decision.length === 0)) {
      ({ state, revision } = await states!.load(streamId, decider));
      decision = decider.decide(command, state, context());
    }
    if (isRejection(decision)) throw new CommandRejectedError(decision);
    if (decision.length === 0) {
      const [last] = revision === undefined ? [] : await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      return { state, events: [], position: last?.position ?? null, revision: revision ?? null };
    }
    try {
      const result = await store.append(
        streamId,
        decision.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { ...metadata, schemaVersion: event.version } })),
        revision ?? 'no_stream',
      );
      const after = decision.reduce(decider.evolve, state);
      // Only when these events landed right after the revision decided on is `after` the state there.
      if (result.nextExpectedRevision === (revision ?? -1n) + BigInt(decision.length)) states?.remember(streamId, decider, after, result.nextExpectedRevision);
      return { state: after, events: decision, position: result.position, revision: result.nextExpectedRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) states?.forget(streamId);
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
