import type { DomainEvent, DomainEventType } from '@globetrail/contracts';
import type { Document, IndexField, WriteOperation } from '../platform/read-store/read-store.port.js';

export interface ProjectedEvent<E extends DomainEvent = DomainEvent> {
  event: E;
  streamId: string;
  revision: bigint;
  position: bigint;
  createdAt: Date;
  /**
   * Only while a rebuild fills a generation from empty, and only for events up to the head it began at:
   * the last events up to that head of the types the projection looks ahead for (`lookAhead`).
   */
  ahead?: LogAhead;
}

/** What a rebuild knows of the log's end before it begins (ProjectedEvent.ahead). */
export interface LogAhead {
  /** The last event of `type` up to the rebuild's head; null when there is none, or it was not looked for. */
  last<T extends DomainEventType>(type: T): Extract<DomainEvent, { type: T }> | null;
}

/**
 * Reads documents as they stand including writes made earlier in the same batch. A document it returns
 * belongs to the projection's runner alone (its batch and cache, never a reader's): a projection may build
 * the next version in place, provided it writes that version in the same `apply`.
 */
export interface DocumentReader {
  /** Awaited by projections; a document the runner holds in memory comes back without a promise. */
  get<T extends Document>(collection: string, id: string): Promise<T | null> | T | null;
}

/**
 * One read model: the events it handles and how each changes its documents. `apply` never throws on a
 * valid event; it returns the writes, and the runner commits them with the checkpoint.
 */
export interface Projection {
  name: string;
  collections: string[];
  indexes: Array<{ collection: string; fields: IndexField[] }>;
  /**
   * The event types `apply` acts on. The runner passes every other event over without parsing it: most
   * events are a game's moves, which only a game's read models care about.
   */
  handles: readonly DomainEventType[];
  /**
   * Event types whose last event a rebuild looks up before it begins (ProjectedEvent.ahead), so that
   * `apply` may skip work the rest of the log undoes. The documents must end up exactly as without it.
   */
  lookAhead?: readonly DomainEventType[];
  /**
   * The version of the documents `apply` makes (default 1). Raise it with a change the stored documents
   * cannot be carried on from (a new collection, documents merged or split, a value counted differently):
   * a projector that finds the read model built by an older version builds it again from the first event,
   * beside the serving generation (whose documents the queries must still read meanwhile), and one that
   * finds a newer version refuses to write it (projection-runner.ts start, upgradeBeside).
   */
  version?: number;
  /** Collections an older version kept and this one does not: emptied with the rest when a newer version replaces it. */
  retiredCollections?: readonly string[];
  /**
   * The writes an event makes. Without a promise when the projection had nothing to wait for (every document
   * it read was in memory, as for most events of a rebuild): the runner then takes them without an await.
   */
  apply(projected: ProjectedEvent, documents: DocumentReader): Promise<WriteOperation[]> | WriteOperation[];
}

/** A projection as written: `apply` receives only the types in `handles`, so a rule for a type left out does not compile. */
export interface TypedProjection<T extends DomainEventType> extends Omit<Projection, 'handles' | 'apply'> {
  handles: readonly T[];
  apply(projected: ProjectedEvent<Extract<DomainEvent, { type: T }>>, documents: DocumentReader): Promise<WriteOperation[]> | WriteOperation[];
}

export function defineProjection<const T extends DomainEventType>(projection: TypedProjection<T>): Projection {
  // Sound because the runner calls apply only with events whose type is in `handles`.
  return projection as unknown as Projection;
}

/** Every collection a projection's generation may hold: its own, and those an older version kept. */
export const collectionsEverKept = (projection: Projection): string[] => [...projection.collections, ...(projection.retiredCollections ?? [])];

export const upsert = (collection: string, document: Document, position: bigint): WriteOperation => ({ kind: 'upsert', collection, document, revision: position });
export const remove = (collection: string, id: string): WriteOperation => ({ kind: 'delete', collection, id });
