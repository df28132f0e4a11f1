import { type AnyBulkWriteOperation, type ClientSession, type Db, Long, MongoClient, type Document as MongoDocument, type Sort } from 'mongodb';
import type { CommitBatch, Comparison, Document, Filter, IndexField, ListOptions, ReadStore, SortDirection, WriteOperation } from './read-store.port.js';
import { checkWritable, generationName, GenerationResolver, parseGenerationName, type GenerationRow, type Generations } from './generations.js';
import { type AcquireOptions, checkFence, type Lease, type LeaseHolder, mayTake, taken } from './leases.js';
import { checkCollection, checkCount, checkDocumentId, checkField, checkPrefix, checkScalar, prefixRange, serialise } from './read-store-input.js';

/**
 * The read store on MongoDB (the production stack's read side). One MongoDB collection per read-model
 * collection; a document is stored as itself with its `id` as `_id` and the revision it was written with in
 * `REVISION` (never returned). Checkpoints live in `CHECKPOINTS`, one document per projection.
 *
 * A commit is one multi-document transaction: it reads the projection's checkpoint and the stored revisions
 * of the documents the batch touches, then writes the documents and the checkpoint together, so a batch is
 * applied entirely or not at all and a batch delivered twice finds the checkpoint already moved. That needs
 * a replica set (a single-node one is enough: docker-compose.yml starts MongoDB so); a standalone server
 * refuses transactions and the first commit says so.
 *
 * Filters, sorts and counts are MongoDB's own: the port's semantics (null matches a missing field, `$ne`
 * matches documents without the field, ranges keep to their operand's type, missing values sort first) are
 * MongoDB's. One difference no read model relies on: a MongoDB equality on a field holding an array also
 * matches the array's elements.
 */
export const REVISION = '_revision';
export const CHECKPOINTS = 'read_checkpoints';
export const GENERATIONS = 'read_generations';
/** The version of each read model's documents (Projection.version), by physical projection name. */
export const VERSIONS = 'read_versions';
/** Projectors' leases (leases.ts), one document per read model. */
export const LEASES = 'read_leases';
/**
 * How long a reader may keep answering from the generations it last read. A switch is one write to
 * GENERATIONS; readers see it within this time, and a rebuild drops the old generation only after it
 * (`ops rebuild` waits GENERATION_GRACE_MS), so a read is never answered from a dropped generation.
 */
export const GENERATIONS_CACHE_MS = 500;

export interface MongoReadStoreOptions {
  /** e.g. `mongodb://mongo:27017/?replicaSet=rs0` */
  url: string;
  /** The database (MONGO_DATABASE); default `globetrail`. */
  database?: string;
}

export class MongoReadStore implements ReadStore {
  private closed = false;
  private resolver: { readAt: number; resolve: Promise<GenerationResolver> } | null = null;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect({ url, database }: MongoReadStoreOptions): Promise<MongoReadStore> {
    const client = new MongoClient(url, { retryWrites: true });
    await client.connect();
    return new MongoReadStore(client, client.db(database ?? 'globetrail'));
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const stored = await this.db.collection<StoredDoc>(await this.resolve(collection)).findOne({ _id: id }, { projection: { [REVISION]: 0 } });
    return stored ? fromStored<T>(stored) : null;
  }

  async list<T extends Document>(collection: string, options: ListOptions = {}): Promise<T[]> {
    const cursor = this.db
      .collection(await this.resolve(collection))
      .find(mongoFilter(options.filter), { projection: { [REVISION]: 0 } })
      .sort(mongoSort(options.sort))
      .skip(checkCount('skip', options.skip) ?? 0);
    const limit = checkCount('limit', options.limit);
    if (limit !== undefined) cursor.limit(limit);
    return (await cursor.toArray()).map((stored) => fromStored<T>(stored));
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    return this.db.collection(await this.resolve(collection)).countDocuments(mongoFilter(filter));
  }

  async countAbove(collection: string, field: string, value: number, filter?: Filter): Promise<number> {
    if (typeof value !== 'number') throw new TypeError(`read store: countAbove needs a number, got ${String(value)}`);
    return this.db.collection(await this.resolve(collection)).countDocuments(aboveFilter(field, value, filter));
  }

  async ensureIndex(collection: string, fields: IndexField[]): Promise<void> {
    const { key, name } = mongoIndex(collection, fields);
    await this.db.collection(mongoCollection(collection)).createIndex(key, { name });
  }

  async commit(batch: CommitBatch): Promise<boolean> {
    // Every write is checked and converted before the transaction starts: a bad batch touches nothing.
    const prepared = prepareWrites(batch.writes);
    const session = this.client.startSession();
    try {
      let applied = false;
      await session.withTransaction(async () => {
        applied = await this.commitIn(session, batch.projection, batch.position, prepared, batch.fence);
      });
      return applied;
    } finally {
      await session.endSession();
    }
  }

  async checkpoint(projection: string): Promise<bigint | null> {
    const physical = (await this.activeGenerations()).projection(projection);
    const stored = await this.db.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: physical }, { useBigInt64: true });
    return stored ? BigInt(stored.position as unknown as bigint) : null;
  }

  async readModelVersion(projection: string): Promise<number | null> {
    const physical = (await this.activeGenerations()).projection(projection);
    return (await this.db.collection<VersionDoc>(VERSIONS).findOne({ _id: physical }))?.version ?? null;
  }

  async recordReadModelVersion(projection: string, version: number, collections?: string[]): Promise<void> {
    if (!Number.isSafeInteger(version) || version < 0) throw new TypeError(`read store: invalid read model version ${version}`);
    const { base, generation } = parseGenerationName(projection);
    await this.db.collection<VersionDoc>(VERSIONS).replaceOne({ _id: projection }, { version }, { upsert: true });
    // The active generation's collections as this version keeps them (readers see it within GENERATIONS_CACHE_MS).
    if (collections && generation > 0) await this.db.collection<GenerationDoc>(GENERATIONS).updateOne({ _id: base, active: generation }, { $set: { collections: collections.map(mongoCollection) } });
    this.resolver = null;
  }

  async reset(projection: string, collections: string[]): Promise<void> {
    const names = collections.map(mongoCollection);
    const session = this.client.startSession();
    try {
      await session.withTransaction(async () => {
        for (const name of names) await this.db.collection(name).deleteMany({}, { session });
        await this.db.collection<CheckpointDoc>(CHECKPOINTS).deleteOne({ _id: projection }, { session });
      });
    } finally {
      await session.endSession();
    }
  }

  async generations(projection: string): Promise<Generations> {
    const row = await this.db.collection<GenerationDoc>(GENERATIONS).findOne({ _id: projection });
    return { active: row?.active ?? 0, building: row?.building ?? null };
  }

  async beginGeneration(projection: string, collections: string[]): Promise<number> {
    const names = collections.map(mongoCollection);
    return this.inTransaction(async (session) => {
      const row = await this.db.collection<GenerationDoc>(GENERATIONS).findOne({ _id: projection }, { session });
      const active = row?.active ?? 0;
      const generation = row?.building ?? active + 1;
      for (const name of names) await this.db.collection(generationName(name, generation)).deleteMany({}, { session });
      await this.db.collection<CheckpointDoc>(CHECKPOINTS).deleteOne({ _id: generationName(projection, generation) }, { session });
      await this.db.collection<GenerationDoc>(GENERATIONS).replaceOne({ _id: projection }, { active, building: generation, collections: row?.collections ?? names }, { session, upsert: true });
      return generation;
    });
  }

  async switchGeneration(projection: string, collections: string[], generation: number): Promise<boolean> {
    const names = collections.map(mongoCollection);
    const switched = await this.inTransaction(async (session) => {
      const row = await this.db.collection<GenerationDoc>(GENERATIONS).findOne({ _id: projection }, { session });
      if (row?.building !== generation) throw new Error(`read store: ${projection} is not building generation ${generation}`);
      const checkpoints = this.db.collection<CheckpointDoc>(CHECKPOINTS);
      const positionOf = async (g: number) => {
        const stored = await checkpoints.findOne({ _id: generationName(projection, g) }, { session, useBigInt64: true });
        return stored ? BigInt(stored.position as unknown as bigint) : null;
      };
      const reached = await positionOf(generation);
      const serving = await positionOf(row.active);
      if (serving !== null && (reached === null || reached < serving)) return false;
      await this.db.collection<GenerationDoc>(GENERATIONS).replaceOne({ _id: projection }, { active: generation, building: null, collections: names }, { session });
      return true;
    });
    this.resolver = null;
    return switched;
  }

  async acquireLease(name: string, holder: LeaseHolder, ttlMs: number, options: AcquireOptions = {}): Promise<Lease | null> {
    const now = options.now ?? Date.now();
    const leases = this.db.collection<LeaseDoc>(LEASES);
    const current = await this.readLease(name);
    if (!mayTake(current, holder, now, options.replacing)) return null;
    const lease = taken(name, current, holder, now, ttlMs);
    const stored = { holder: lease.holder, token: lease.token, expiresAt: lease.expiresAt };
    if (current === null) {
      try {
        await leases.insertOne({ _id: name, ...stored, commits: 0 });
      } catch (error) {
        // Another taker inserted it first.
        if ((error as { code?: number }).code === 11000) return null;
        throw error;
      }
      return lease;
    }
    // Compare-and-set on the lease as read: of two takers at once, the second matches nothing.
    const swapped = await leases.updateOne({ _id: name, token: current.token, 'holder.id': current.holder.id, expiresAt: current.expiresAt }, { $set: stored });
    return swapped.matchedCount === 1 ? lease : null;
  }

  async readLease(name: string): Promise<Lease | null> {
    const stored = await this.db.collection<LeaseDoc>(LEASES).findOne({ _id: name });
    return stored ? { name, holder: stored.holder, token: stored.token, expiresAt: stored.expiresAt } : null;
  }

  async releaseLease(name: string, holderId: string): Promise<void> {
    // Expired, not removed: the token must keep growing for the next holder.
    await this.db.collection<LeaseDoc>(LEASES).updateOne({ _id: name, 'holder.id': holderId }, { $set: { expiresAt: 0 } });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }

  private async inTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
    const session = this.client.startSession();
    try {
      let result!: T;
      await session.withTransaction(async () => {
        result = await work(session);
      });
      return result;
    } finally {
      await session.endSession();
    }
  }

  /** The active generations, read again at most every GENERATIONS_CACHE_MS. */
  private activeGenerations(): Promise<GenerationResolver> {
    const now = Date.now();
    if (!this.resolver || now - this.resolver.readAt >= GENERATIONS_CACHE_MS) {
      const resolve = this.db
        .collection<GenerationDoc>(GENERATIONS)
        .find({ active: { $gt: 0 } })
        .toArray()
        .then((rows) => new GenerationResolver(rows.map((row): GenerationRow => ({ projection: row._id, active: row.active, building: row.building, collections: row.collections }))));
      this.resolver = { readAt: now, resolve };
      resolve.catch(() => {
        if (this.resolver?.resolve === resolve) this.resolver = null;
      });
    }
    return this.resolver.resolve;
  }

  private async resolve(collection: string): Promise<string> {
    return (await this.activeGenerations()).collection(mongoCollection(collection));
  }

  private async commitIn(session: ClientSession, projection: string, position: bigint, prepared: PreparedWrite[], fence: number | undefined): Promise<boolean> {
    const { base } = parseGenerationName(projection);
    const row = await this.db.collection<GenerationDoc>(GENERATIONS).findOne({ _id: base }, { session });
    checkWritable(projection, row);
    if (fence !== undefined) {
      // A write, not a read: a takeover committed meanwhile makes this transaction conflict and retry, and
      // the retry finds the new token. A read alone would see the snapshot from before the takeover.
      const fenced = await this.db.collection<LeaseDoc>(LEASES).updateOne({ _id: base, token: fence }, { $inc: { commits: 1 } }, { session });
      if (fenced.matchedCount === 0) checkFence(base, fence, (await this.db.collection<LeaseDoc>(LEASES).findOne({ _id: base }, { session }))?.token ?? null);
    }
    const checkpoints = this.db.collection<CheckpointDoc>(CHECKPOINTS);
    const current = await checkpoints.findOne({ _id: projection }, { session, useBigInt64: true });
    if (current && BigInt(current.position as unknown as bigint) >= position) return false;

    const stored = await this.storedRevisions(session, prepared);
    for (const [collection, operations] of bulkOperations(planCommit(prepared, stored))) {
      await this.db.collection<StoredDoc>(collection).bulkWrite(operations, { session, ordered: true });
    }
    await checkpoints.replaceOne({ _id: projection }, { position: Long.fromBigInt(position) }, { session, upsert: true });
    return true;
  }

  /** The revisions the batch's documents are stored with now, by `collection/id`. */
  private async storedRevisions(session: ClientSession, prepared: PreparedWrite[]): Promise<Map<string, bigint>> {
    const ids = new Map<string, Set<string>>();
    for (const write of prepared) {
      if (write.kind === 'upsert') ids.set(write.collection, (ids.get(write.collection) ?? new Set()).add(write.id));
    }
    const revisions = new Map<string, bigint>();
    for (const [collection, wanted] of ids) {
      const found = await this.db
        .collection<StoredDoc>(collection)
        .find({ _id: { $in: [...wanted] } }, { session, projection: { [REVISION]: 1 }, useBigInt64: true })
        .toArray();
      for (const stored of found) revisions.set(documentKey(collection, String(stored._id)), BigInt(stored[REVISION] as bigint));
    }
    return revisions;
  }
}

/** A read-model document as stored: string ids. */
export interface StoredDoc extends MongoDocument {
  _id: string;
}

interface CheckpointDoc {
  _id: string;
  position: Long;
}

interface VersionDoc {
  _id: string;
  version: number;
}
interface LeaseDoc {
  _id: string;
  holder: LeaseHolder;
  token: number;
  expiresAt: number;
  /** Fenced commits made under the lease (each one's write makes a concurrent takeover conflict). */
  commits: number;
}
interface GenerationDoc {
  _id: string;
  active: number;
  building: number | null;
  collections: string[];
}

/** A read-model collection's MongoDB name: itself, once checked (MongoDB keeps `system.` for itself). */
export function mongoCollection(collection: string): string {
  checkCollection(collection);
  if (collection.startsWith('system.') || collection === CHECKPOINTS || collection === GENERATIONS || collection === LEASES || collection === VERSIONS) throw new TypeError(`read store: invalid collection name ${JSON.stringify(collection)}`);
  return collection;
}

const documentKey = (collection: string, id: string) => `${collection}/${id}`;
const mongoField = (field: string) => (checkField(field) === 'id' ? '_id' : field);

/** A port document as MongoDB stores it: `id` as `_id`, plus the revision it was written with. */
export function toStored(collection: string, document: Document, revision: bigint): StoredDoc {
  mongoCollection(collection);
  const id = checkDocumentId(collection, document);
  // Through JSON, as the embedded store keeps it: what JSON cannot hold is refused, undefined fields drop.
  const { id: _id, ...fields } = JSON.parse(serialise(collection, document)) as Document;
  for (const field of Object.keys(fields)) {
    if (field === '_id' || field === REVISION || field.startsWith('$') || field.includes('.')) {
      throw new TypeError(`read store: document ${collection}/${id} has a field MongoDB cannot store as is: ${JSON.stringify(field)}`);
    }
  }
  return { _id: id, ...fields, [REVISION]: Long.fromBigInt(revision) };
}

/** A stored MongoDB document as the port's document. */
export function fromStored<T extends Document>(stored: MongoDocument): T {
  const { _id, [REVISION]: _revision, ...fields } = stored;
  return { id: String(_id), ...fields } as T;
}

/** A batch's write, checked and in MongoDB's terms (collection name, `_id`, stored document). */
export type PreparedWrite =
  | { kind: 'upsert'; collection: string; id: string; document: StoredDoc; revision: bigint }
  | { kind: 'delete'; collection: string; id: string }
  | { kind: 'deletePrefix'; collection: string; prefix: string };

export type PlannedWrite =
  | { kind: 'replace'; collection: string; id: string; document: StoredDoc }
  | { kind: 'delete'; collection: string; id: string }
  | { kind: 'deletePrefix'; collection: string; prefix: string };

/** Checks and converts every write of a batch; throws, naming the document, before anything is sent. */
export function prepareWrites(writes: readonly WriteOperation[]): PreparedWrite[] {
  return writes.map((write): PreparedWrite => {
    switch (write.kind) {
      case 'upsert':
        return { kind: 'upsert', collection: mongoCollection(write.collection), id: write.document.id, document: toStored(write.collection, write.document, write.revision), revision: write.revision };
      case 'delete':
        return { kind: 'delete', collection: mongoCollection(write.collection), id: write.id };
      case 'deletePrefix':
        return { kind: 'deletePrefix', collection: mongoCollection(write.collection), prefix: checkPrefix(write.collection, write.prefix) };
      default: {
        const unexpected: never = write;
        throw new TypeError(`read store: unknown write ${JSON.stringify(unexpected)}`);
      }
    }
  });
}

/**
 * What a batch leaves behind, document by document, in the order the batch first touched them: an upsert
 * counts only when its revision is newer than the one stored (or written earlier in the batch); a delete
 * removes the document and forgets its revision, so a later upsert of any revision recreates it. A
 * deletePrefix does that for every document it matches: the batch's earlier writes it matches are dropped,
 * and it comes before the writes after it.
 */
export function planCommit(prepared: readonly PreparedWrite[], stored: ReadonlyMap<string, bigint>): PlannedWrite[] {
  const revisions = new Map<string, bigint | null>(stored);
  const outcome = new Map<string, PlannedWrite | null>();
  for (const write of prepared) {
    if (write.kind === 'deletePrefix') {
      const matched = documentKey(write.collection, write.prefix);
      for (const key of revisions.keys()) if (key.startsWith(matched)) revisions.set(key, null);
      for (const key of outcome.keys()) if (key.startsWith(matched)) outcome.delete(key);
      // Keyed apart from documents ('\u0000' is in no collection name); set again, it moves to the end.
      const key = `\u0000${matched}`;
      outcome.delete(key);
      outcome.set(key, write);
      continue;
    }
    const key = documentKey(write.collection, write.id);
    if (write.kind === 'delete') {
      revisions.set(key, null);
      outcome.set(key, write);
      continue;
    }
    const known = revisions.get(key) ?? null;
    if (known !== null && write.revision <= known) {
      if (!outcome.has(key)) outcome.set(key, null);
      continue;
    }
    revisions.set(key, write.revision);
    outcome.set(key, { kind: 'replace', collection: write.collection, id: write.id, document: write.document });
  }
  return [...outcome.values()].filter((write): write is PlannedWrite => write !== null);
}

/** The planned writes as one ordered bulk write per collection. */
export function bulkOperations(planned: PlannedWrite[]): Map<string, AnyBulkWriteOperation<StoredDoc>[]> {
  const byCollection = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
  for (const write of planned) {
    const operations = byCollection.get(write.collection) ?? [];
    operations.push(
      write.kind === 'replace'
        ? { replaceOne: { filter: { _id: write.id }, replacement: write.document, upsert: true } }
        : write.kind === 'delete'
          ? { deleteOne: { filter: { _id: write.id } } }
          : { deleteMany: { filter: prefixFilter(write.prefix) } },
    );
    byCollection.set(write.collection, operations);
  }
  return byCollection;
}

/** The ids beginning with `prefix`, as a range of `_id` (read-store-input.ts prefixRange): served by its index. */
export function prefixFilter(prefix: string): MongoDocument {
  const { from, to } = prefixRange(prefix);
  return { _id: to === null ? { $gte: from } : { $gte: from, $lt: to } };
}

const OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte', '$ne', '$in']);

/** The port's filter as a MongoDB query, checked: plain field names, known operators, scalar operands. */
export function mongoFilter(filter: Filter = {}): MongoDocument {
  const query: MongoDocument = {};
  for (const [field, condition] of Object.entries(filter)) {
    const path = mongoField(field);
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) {
      query[path] = checkScalar(field, condition);
      continue;
    }
    query[path] = mongoComparison(field, condition);
  }
  return query;
}

function mongoComparison(field: string, comparison: Comparison): MongoDocument {
  const entries = Object.entries(comparison);
  if (entries.length === 0) throw new TypeError(`read store: empty comparison on field "${field}"`);
  const out: MongoDocument = {};
  for (const [operator, operand] of entries) {
    if (!OPERATORS.has(operator)) throw new TypeError(`read store: unsupported operator ${operator} on field "${field}"`);
    if (operator === '$in') {
      if (!Array.isArray(operand)) throw new TypeError(`read store: $in on field "${field}" needs an array`);
      out.$in = operand.map((value) => checkScalar(field, value));
      continue;
    }
    const value = checkScalar(field, operand);
    if (value === null && operator !== '$ne') throw new TypeError(`read store: ${operator} needs a number, string or boolean, not null`);
    out[operator] = value;
  }
  return out;
}

/** "Strictly above `value`" among the documents matching `filter` (which may name the same field). */
export function aboveFilter(field: string, value: number, filter?: Filter): MongoDocument {
  const above = { [mongoField(field)]: { $gt: checkScalar(field, value) } };
  const base = mongoFilter(filter);
  return Object.keys(base).length === 0 ? above : { $and: [base, above] };
}

/** The port's sort, ties broken by id ascending. */
export function mongoSort(sort: ListOptions['sort'] = []): Sort {
  const spec: Array<[string, 1 | -1]> = sort.map(([field, direction]) => [mongoField(field), directionOf(direction)]);
  if (!spec.some(([field]) => field === '_id')) spec.push(['_id', 1]);
  return spec;
}

/** An index serving the port's sorts on these fields: the fields in order, then `_id` (the tie-break). */
export function mongoIndex(collection: string, fields: IndexField[]): { key: Record<string, 1 | -1>; name: string } {
  mongoCollection(collection);
  if (fields.length === 0) throw new TypeError(`read store: an index on "${collection}" needs at least one field`);
  const spec = fields.map((field): [string, SortDirection] => (typeof field === 'string' ? [field, 'asc'] : field));
  const key: Record<string, 1 | -1> = {};
  for (const [field, direction] of spec) key[mongoField(field)] = directionOf(direction);
  if (!('_id' in key)) key._id = 1;
  const name = spec.map(([field, direction]) => (direction === 'desc' ? `-${field}` : field)).join(',');
  return { key, name: `read:${name}` };
}

function directionOf(direction: SortDirection): 1 | -1 {
  if (direction === 'asc') return 1;
  if (direction === 'desc') return -1;
  throw new TypeError(`read store: sort direction must be 'asc' or 'desc', not ${JSON.stringify(direction)}`);
}
