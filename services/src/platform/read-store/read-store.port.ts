import type { Generations } from './generations.js';
import type { AcquireOptions, Lease, LeaseHolder } from './leases.js';

/**
 * The read store port: named collections of JSON documents keyed by `id`, written only by projections
 * and only together with the projection's checkpoint, read by queries. A read model may have several
 * generations during a blue/green rebuild (generations.ts): reads name collections and checkpoints plainly
 * and get the active generation; writes name them physically (`name@g`, or the plain name for generation 0).
 */
export interface Document {
  id: string;
  [field: string]: unknown;
}

export type Scalar = string | number | boolean | null;
export interface Comparison {
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  $ne?: Scalar;
  $in?: Scalar[];
}
/**
 * Top-level fields only; a bare value means equality. All conditions must hold. As in MongoDB: `null`
 * also matches a missing field, `$ne` also matches documents without the field, and range operators only
 * match values of their operand's JSON type (`{ $gt: 5 }` never matches a string or a boolean).
 */
export type Filter = Record<string, Scalar | Comparison>;

export type SortDirection = 'asc' | 'desc';
export interface ListOptions {
  filter?: Filter;
  /** Applied in order; ties fall back to `id` ascending so pages are stable. */
  sort?: Array<[field: string, direction: SortDirection]>;
  skip?: number;
  limit?: number;
}

/**
 * A field to index, ascending unless stated. An index serves a sort whose directions all match it or are
 * all reversed, so a leaderboard sorted by points descending (ties by id ascending) declares
 * `['points', 'desc']`.
 */
export type IndexField = string | [field: string, direction: SortDirection];

export type WriteOperation =
  /** Stored only when `revision` is newer than the revision the document was last written with. */
  | { kind: 'upsert'; collection: string; document: Document; revision: bigint }
  | { kind: 'delete'; collection: string; id: string }
  /**
   * Deletes every document of the collection whose id begins with `prefix` (a read model whose ids begin
   * with a group's key drops the whole group at once: a leaderboard period that ended). Applied in its
   * place in the batch: writes before it that it matches are gone, writes after it stand.
   */
  | { kind: 'deletePrefix'; collection: string; prefix: string };

export interface CommitBatch {
  projection: string;
  /** Global position of the last event this batch accounts for; becomes the checkpoint. */
  position: bigint;
  writes: WriteOperation[];
  /**
   * The fencing token of the lease on the read model (leases.ts, named after `projection`'s plain name)
   * this batch was made under: the commit throws LeaseLostError, writing nothing, unless it is still the
   * lease's. Without it the commit is not fenced (a rebuild's, a single projector's).
   */
  fence?: number;
}

export interface ReadStore {
  get<T extends Document>(collection: string, id: string): Promise<T | null>;
  list<T extends Document>(collection: string, options?: ListOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /** How many documents (matching `filter`) have `field` strictly greater than `value`: "my rank" − 1. */
  countAbove(collection: string, field: string, value: number, filter?: Filter): Promise<number>;
  /** Declares a field queries sort or filter on, so adapters can index it. Idempotent. */
  ensureIndex(collection: string, fields: IndexField[]): Promise<void>;

  /**
   * Applies the writes and moves the projection's checkpoint atomically. Returns false, writing nothing,
   * when the checkpoint is already at or past `position` (a batch delivered twice).
   */
  commit(batch: CommitBatch): Promise<boolean>;
  checkpoint(projection: string): Promise<bigint | null>;
  /**
   * The version of the read model's documents (Projection.version) recorded for `projection` (named as for
   * `checkpoint`: plain for the active generation, physical for another); null when none was recorded
   * (documents written before versions were: version 1); 0 for a generation an upgrade is replacing, which
   * no projector carries on from.
   */
  readModelVersion(projection: string): Promise<number | null>;
  /**
   * Records the version of the documents a projection writes under `projection` (a physical name; 0: being
   * replaced), and with `collections` the collections that version keeps: when that is the active
   * generation, reads of a collection new in this version then find it there (generations.ts).
   */
  recordReadModelVersion(projection: string, version: number, collections?: string[]): Promise<void>;
  /** Forgets a projection's checkpoint and empties its collections, for a rebuild from position 0 (physical names). */
  reset(projection: string, collections: string[]): Promise<void>;

  /** The projection's active generation and the one being built, if any (0 and null until a rebuild). */
  generations(projection: string): Promise<Generations>;
  /**
   * Starts a building generation for a rebuild, after the active one (an unfinished earlier one is emptied
   * and reused): no documents, no checkpoint. Returns its number.
   */
  beginGeneration(projection: string, collections: string[]): Promise<number>;
  /**
   * Makes the building `generation` the active one, atomically for every reader, if its checkpoint has
   * reached the active generation's; returns false, changing nothing, if not yet. The old generation's
   * documents stay until reset with its physical names.
   */
  switchGeneration(projection: string, collections: string[], generation: number): Promise<boolean>;

  /**
   * Takes or renews the lease `name` for `holder` for `ttlMs` (leases.ts): when nobody holds it, its time
   * ran out, `holder` already holds it, or its holder is `options.replacing`. Returns the lease, or null
   * when another holds it. Atomic: of two takers at once, one gets it.
   */
  acquireLease(name: string, holder: LeaseHolder, ttlMs: number, options?: AcquireOptions): Promise<Lease | null>;
  /** The lease as it stands, held or expired; null when never taken. */
  readLease(name: string): Promise<Lease | null>;
  /** Ends `holderId`'s lease at once (a clean stop), so a standby need not wait for it to expire. */
  releaseLease(name: string, holderId: string): Promise<void>;
  close(): Promise<void>;
}
