import type { DomainEvent } from '@globetrail/contracts';
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { toDomainEvent } from '../event-store/domain-event.js';

/**
 * A recorded event as the relay publishes it on `topics.events`, keyed by `streamId`. Revision and
 * position are decimal strings: JSON has no bigint, and EventStoreDB positions do not fit a double.
 */
export interface RelayedEvent {
  /** The event's id in the store, for consumers that keep their own dedupe record. */
  id: string;
  streamId: string;
  revision: string;
  position: string;
  type: string;
  data: unknown;
  /** Holds `schemaVersion`, as stored. */
  metadata: Record<string, unknown>;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** A relayed event read back and validated against its contract schema. */
export interface ReceivedEvent {
  id: string;
  streamId: string;
  revision: bigint;
  position: bigint;
  createdAt: Date;
  event: DomainEvent;
}

const decimal = z.string().regex(/^(0|[1-9][0-9]*)$/, 'a whole number ≥ 0 written in decimal');

const relayedEventSchema = z.object({
  id: z.string().min(1),
  streamId: z.string().min(1),
  revision: decimal,
  position: decimal,
  type: z.string().min(1),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});

export function toRelayedEvent(recorded: RecordedEvent): RelayedEvent {
  return {
    id: recorded.id,
    streamId: recorded.streamId,
    revision: recorded.revision.toString(),
    position: recorded.position.toString(),
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata,
    createdAt: recorded.createdAt.toISOString(),
  };
}

/** Throws a ZodError naming the bad field, for a malformed envelope or an event its schema refuses. */
export function parseRelayedEvent(value: unknown): ReceivedEvent {
  const relayed = relayedEventSchema.parse(value);
  const recorded: RecordedEvent = {
    ...relayed,
    revision: BigInt(relayed.revision),
    position: BigInt(relayed.position),
    createdAt: new Date(relayed.createdAt),
  };
  const { id, streamId, revision, position, createdAt } = recorded;
  return { id, streamId, revision, position, createdAt, event: toDomainEvent(recorded) };
}
