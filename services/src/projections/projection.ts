import type { DomainEvent } from '@globetrail/contracts';
import type { Document, IndexField, WriteOperation } from '../platform/read-store/read-store.port.js';

export interface ProjectedEvent {
  event: DomainEvent;
  streamId: string;
  revision: bigint;
  position: bigint;
  createdAt: Date;
}

/** Reads documents as they stand including writes made earlier in the same batch. */
export interface DocumentReader {
  get<T extends Document>(collection: string, id: string): Promise<T | null>;
}

/**
 * One read model: the events it handles and how each changes its documents. `apply` never throws on a
 * valid event; it returns the writes, and the runner commits them with the checkpoint.
 */
export interface Projection {
  name: string;
  collections: string[];
  indexes: Array<{ collection: string; fields: IndexField[] }>;
  apply(projected: ProjectedEvent, documents: DocumentReader): Promise<WriteOperation[]>;
}

export const upsert = (collection: string, document: Document, position: bigint): WriteOperation => ({ kind: 'upsert', collection, document, revision: position });
export const remove = (collection: string, id: string): WriteOperation => ({ kind: 'delete', collection, id });
