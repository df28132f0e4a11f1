import { type DomainEvent, parseDomainEvent } from '@globetrail/contracts';
import type { RecordedEvent } from './event-store.port.js';

/**
 * Parsed events by the recorded event they came from: the event store hands the same recorded event
 * (frozen) to every subscription and stream read that asks soon after its append, so it is validated once.
 */
const parsed = new WeakMap<RecordedEvent, DomainEvent>();

export function toDomainEvent(recorded: RecordedEvent): DomainEvent {
  const known = parsed.get(recorded);
  if (known) return known;
  const version = Number(recorded.metadata.schemaVersion ?? 1);
  const event = parseDomainEvent(recorded.type, version, recorded.data);
  if (Object.isFrozen(recorded)) parsed.set(recorded, event);
  return event;
}
