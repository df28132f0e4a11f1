import { Logger } from '../platform/logging/logger.js';
import type { AllSubscription, EventStore, RecordedEvent } from '../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../platform/event-store/domain-event.js';
import { GenerationMovedError, generationName } from '../platform/read-store/generations.js';
import { LeaseLostError } from '../platform/read-store/leases.js';
import type { CommitBatch, Document, ReadStore, WriteOperation } from '../platform/read-store/read-store.port.js';
import { changesOf, type CommittedChange } from './projections.js';
import { PositionWaiters } from './position-waiters.js';
import { collectionsEverKept, type DocumentReader, type LogAhead, type ProjectedEvent, type Projection } from './projection.js';

const MAX_BATCH_EVENTS = 500;
const IDLE_CHECKPOINT_MS = 1000;
const CACHED_DOCUMENTS = 1000;
const IDLE = Symbol('idle');
/** The version recorded for a generation being replaced by an upgrade: never carried on from (upgradeBeside). */
const SUPERSEDED = 0;
/** How often the checkpoint of a generation being replaced moves along while the new one is built. */
const CHECKPOINT_WHILE_UPGRADING_MS = 200;

export interface ProjectionRunnerOptions {
  /** How long a checkpoint moved only by batches that wrote nothing may stay in memory (default 1 s). */
  idleCheckpointMs?: number;
  /**
   * How long a batch stays open for more events once its first one is in (default 0: it commits as soon
   * as the subscription has nothing more ready). A wait for a position in the batch (`waitFor`, `hurry`)
   * commits it at once, so read-your-writes never waits for the window.
   */
  batchWindowMs?: number;
  /** How many documents of its own collections it keeps in memory between batches (default 1,000). */
  cachedDocuments?: number;
  /**
   * The read model's generation it fills (a blue/green rebuild's building one); by default the active one,
   * followed: when a rebuild replaces it, the runner starts again on the new one.
   */
  generation?: number;
  /** Events a batch may hold before it commits (default 500). A rebuild takes more: fewer, larger commits. */
  maxBatchEvents?: number;

  /**
   * Leaves the read model's indexes to `ensureIndexes()` (default: made at start). A rebuild fills a new
   * generation first and indexes it once, which is several times faster than keeping six leaderboard
   * indexes up to date at every write.
   */
  deferIndexes?: boolean;

  /**
   * For a generation that begins empty (a rebuild's): documents written before the batch that reaches this
   * position stay in memory and are stored once — when the cache lets them go, or all together when that
   * batch commits — instead of at every batch (a leaderboard row changes at each of its player's rounds).
   * Nobody reads a generation being built, and a rebuild interrupted begins its generation again from
   * empty, so its checkpoint needs no documents behind it until then; from that batch on, every batch
   * stores its writes as usual. Ignored for a generation that does not begin empty.
   */
  writeBackUntil?: bigint | null;
  /** With `writeBackUntil`: given to `apply` (ProjectedEvent.ahead) for the events up to that position. */
  ahead?: LogAhead;
  /**
   * Builds the projection's current version in a new generation from the first event and switches readers
   * to it (ops/rebuild.ts rebuildReadModels), for a runner of the active generation that finds it built by
   * an older version (Projection.version): the old generation answers reads meanwhile. Without it, such a
   * read model is emptied and projected again in place.
   */
  upgrade?: (projection: Projection, signal: AbortSignal) => Promise<unknown>;
}

/** Told of each batch accounted for (with the writes it committed, maybe none) and of a stop on an error. */
export interface RunnerObserver {
  processed(position: bigint, writes: WriteOperation[]): void;
  failed(error: Error): void;
}

/**
 * Feeds one projection from the event store's catch-up subscription. Events are applied in position
 * order and committed in batches together with the checkpoint: a batch closes when 500 events are
 * pending, or when the subscription has nothing more ready and the batch window has passed or someone
 * waits for an event in it; a batch that writes nothing moves the checkpoint in memory and on disk only
 * now and then (see flush).
 *
 * The runner keeps the documents of its own collections it last read or wrote (a bounded cache, emptied
 * on every start): it is their only writer, and a projection is a deterministic fold of the events in
 * position order, so what it computed is what the store holds, even when another runner of the same
 * projection committed those events first. A live game's document is then read from the store once,
 * not at each of its events.
 */
export class ProjectionRunner {
  private readonly logger: Logger;
  private readonly progress: PositionWaiters;
  /** A position accounted for by batches that wrote nothing, not yet written as the checkpoint. */
  private unsaved: bigint | null = null;
  private checkpointedAt = Number.NEGATIVE_INFINITY;
  private readonly handles: ReadonlySet<string>;
  private listeners: Array<(changes: readonly CommittedChange[]) => void> = [];
  private observers: RunnerObserver[] = [];
  private subscription: ReturnType<EventStore['subscribeToAll']> | null = null;
  private loop: Promise<void> | null = null;
  private batch: Batch | null = null;
  /** The furthest position someone waits for (see hurry); null when nobody does. */
  private wanted: bigint | null = null;
  /** The read store under the physical names of the generation this runner fills (see start). */
  private view: GenerationView;
  private stopping = false;
  /** The fencing token every commit carries (fenceWith); undefined: not fenced. */
  private fence: number | undefined;
  /** While a new version is built beside the read model (upgradeBeside): aborts that build. */
  private upgrading: AbortController | null = null;

  constructor(
    readonly projection: Projection,
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.logger = new Logger(`projection:${projection.name}`);
    this.handles = new Set(projection.handles);
    this.progress = new PositionWaiters(projection.name);
    this.view = new GenerationView(reads, projection, options.generation ?? 0);
  }

  /** Position of the last event this projection has fully accounted for; null before the first. */
  get position(): bigint | null {
    return this.progress.position;
  }

  /** The generation of the read model it fills. */
  get generation(): number {
    return this.view.generation;
  }

  async start(): Promise<void> {
    const generation = this.options.generation ?? (await this.reads.generations(this.projection.name)).active;
    this.view = new GenerationView(this.reads, this.projection, generation);
    const stored = await this.reads.checkpoint(this.view.projection);
    if (stored !== null && this.options.generation === undefined && this.options.upgrade && (await this.builtBy()) < (this.projection.version ?? 1)) return this.upgradeBeside(stored, this.options.upgrade);
    const checkpoint = await this.upToDate(stored);
    if (!this.options.deferIndexes) await this.ensureIndexes();
    this.progress.restart(checkpoint);
    this.wanted = null;
    this.unsaved = null;
    // A rebuild's generation without a checkpoint is empty (beginGeneration emptied it).
    const beganEmpty = this.options.generation !== undefined && this.progress.position === null;
    const writeBackUntil = beganEmpty ? (this.options.writeBackUntil ?? null) : null;
    const ahead = writeBackUntil !== null && this.options.ahead ? { until: writeBackUntil, ahead: this.options.ahead } : null;
    this.batch = new Batch(this.view, new DocumentMemory(new Set(this.projection.collections), this.options.cachedDocuments ?? CACHED_DOCUMENTS, beganEmpty, writeBackUntil), ahead);
    const subscription = this.events.subscribeToAll({ fromPosition: this.progress.position ?? 'start' });
    this.subscription = subscription;
    this.loop = this.run(subscription, this.batch).catch((error: Error) => this.stopped(error, subscription));
  }

  /**
   * The checkpoint to go on from: null, with the read model emptied, when its documents were made by an
   * older version of the projection (Projection.version), which this one cannot carry on from. A read model
   * about to be filled from the first event has this version recorded first. One made by a newer version is
   * not touched: this code is older than what wrote it (a release rolled back, or an old projector still
   * running during an upgrade).
   */
  private async upToDate(checkpoint: bigint | null): Promise<bigint | null> {
    const version = this.projection.version ?? 1;
    if (checkpoint !== null) {
      const stored = await this.builtBy();
      if (stored === version) return checkpoint;
      if (stored > version) throw new Error(`read model ${this.projection.name} was built by version ${stored} of its projection, newer than this code's version ${version}: run the release that built it, or rebuild it with this one (npm run ops -- rebuild ${this.projection.name})`);
      this.logger.warn(`read model ${this.projection.name} was built by version ${stored} of its projection; this code writes version ${version}: projecting it again from the first event`);
      await this.reads.reset(this.view.projection, collectionsEverKept(this.projection).map((collection) => this.view.name(collection)));
    }
    await this.reads.recordReadModelVersion(this.view.projection, version, this.projection.collections);
    return null;
  }

  /** The version of the projection that built the generation this runner fills (1 when none was recorded). */
  private async builtBy(): Promise<number> {
    return (await this.reads.readModelVersion(this.view.projection)) ?? 1;
  }

  /**
   * The read model was built by an older version: `upgrade` builds this one in a new generation while the
   * old one keeps answering reads. Meanwhile this runner writes no document (this version cannot carry on
   * from the old ones) and passes the events by: waits for them resolve, here at once and in other processes
   * through the old generation's checkpoint, moved along every CHECKPOINT_WHILE_UPGRADING_MS — answered
   * from the old documents, without those events. The old generation is first marked as built by version 0
   * ("superseded"), so that no projector carries on from that checkpoint: one started meanwhile, of this
   * release or an earlier one with versions, builds its read model again. Once the new generation serves,
   * this runner starts again there.
   */
  private async upgradeBeside(checkpoint: bigint, upgrade: NonNullable<ProjectionRunnerOptions['upgrade']>): Promise<void> {
    this.logger.warn(
      `read model ${this.projection.name} was built by an older version of its projection; building version ${this.projection.version ?? 1} in a new generation, while the current one answers reads (without this version's changes) until it switches`,
    );
    await this.reads.recordReadModelVersion(this.view.projection, SUPERSEDED);
    this.progress.restart(checkpoint);
    this.wanted = null;
    this.unsaved = null;
    this.batch = null;
    const aborted = new AbortController();
    this.upgrading = aborted;
    // The events' types are not asked for: none is parsed.
    const subscription = this.events.subscribeToAll({ fromPosition: checkpoint, types: [] });
    this.subscription = subscription;
    // The old generation's checkpoint follows the last event passed by, at most every
    // CHECKPOINT_WHILE_UPGRADING_MS (a timer, so the last one is saved too).
    let passed: bigint | null = null;
    let saving: NodeJS.Timeout | null = null;
    const save = () => {
      saving = null;
      if (passed === null) return;
      this.view.commit({ projection: this.projection.name, position: passed, writes: [], ...(this.fence === undefined ? {} : { fence: this.fence }) }).catch((error: Error) => {
        // Once the new generation serves, the old one takes no commit: nothing more to save there.
        if (!(error instanceof GenerationMovedError)) this.logger.warn(`could not move the replaced generation's checkpoint: ${error.message}`);
      });
    };
    const passing = (async () => {
      for await (const recorded of subscription) {
        this.progress.reach(recorded.position);
        for (const observer of this.observers) observer.processed(recorded.position, []);
        passed = recorded.position;
        saving ??= setTimeout(save, CHECKPOINT_WHILE_UPGRADING_MS);
      }
    })();
    const upgraded = upgrade(this.projection, aborted.signal).finally(() => subscription.unsubscribe());
    this.loop = Promise.all([upgraded, passing])
      .then(async () => {
        this.upgrading = null;
        this.logger.log(`read model ${this.projection.name}: version ${this.projection.version ?? 1} serves; projecting it from there`);
        // A stop meanwhile ends here: the next start finds the new generation.
        if (!this.stopping) await this.start();
      })
      .catch((error: Error) => {
        this.upgrading = null;
        if (!this.stopping) this.fail(error);
      })
      .finally(() => {
        if (saving !== null) clearTimeout(saving);
      });
  }

  /**
   * Makes every commit carry this lease token (projector-leases.ts), so the read store refuses the
   * runner's writes once another projector has taken the read model over. Set before start.
   */
  fenceWith(token: number | undefined): void {
    this.fence = token;
  }

  /** Whether it is projecting (started and not stopped or failed). */
  get running(): boolean {
    return this.loop !== null && !this.progress.failed;
  }

  /**
   * While another process projects this read model (this one stands by), where that one has committed:
   * waits for positions up to it resolve here too.
   */
  follow(position: bigint | null): void {
    if (this.loop !== null) return;
    // Lost to another projector: waits go on, answered by where that one commits.
    if (this.progress.failed instanceof LeaseLostError) this.progress.restart(this.progress.position);
    const before = this.progress.position;
    this.progress.reach(position);
    if (position !== null && this.progress.position !== before) for (const observer of this.observers) observer.processed(position, []);
  }

  /** Makes the read model's indexes (at start unless `deferIndexes`). */
  async ensureIndexes(): Promise<void> {
    for (const index of this.projection.indexes) await this.reads.ensureIndex(this.view.name(index.collection), index.fields);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.upgrading?.abort(new Error(`the projector of ${this.projection.name} stopped`));
    try {
      // A restart on a new generation (see stopped) may replace the loop while this waits for it.
      for (;;) {
        const loop = this.loop;
        await this.subscription?.unsubscribe();
        await loop;
        if (this.loop === loop) break;
      }
      if (this.unsaved !== null && !this.progress.failed) {
        // A generation replaced meanwhile keeps no checkpoint: the new one has its own.
        await this.checkpoint(this.unsaved, []).catch((error: Error) => {
          if (!(error instanceof GenerationMovedError) && !(error instanceof LeaseLostError)) throw error;
        });
      }
      this.subscription = null;
      this.loop = null;
    } finally {
      this.stopping = false;
    }
  }

  /** Forgets everything and projects again from position 0. */
  async rebuild(): Promise<void> {
    await this.stop();
    await this.reads.reset(this.view.projection, collectionsEverKept(this.projection).map((collection) => this.view.name(collection)));
    await this.start();
  }

  /** Resolves once every event up to `position` is visible in this read model (read-your-writes). */
  waitFor(position: bigint, timeoutMs = 5000): Promise<void> {
    this.hurry(position);
    return this.progress.waitFor(position, timeoutMs);
  }

  /** Someone waits for `position`: the batch that holds it commits without waiting for the window. */
  hurry(position: bigint): void {
    const reached = this.progress.position;
    if (reached !== null && position <= reached) return;
    if (this.wanted === null || position > this.wanted) this.wanted = position;
    this.releaseIfWanted();
  }

  private releaseIfWanted(): void {
    const batch = this.batch;
    if (this.wanted === null || batch?.position == null || batch.position < this.wanted) return;
    batch.release();
  }

  /** Called after each commit with the writes it made, e.g. to push live updates. */
  onCommitted(listener: (changes: readonly CommittedChange[]) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Every batch accounted for and a stop on an error (to report them to another thread). */
  observe(observer: RunnerObserver): () => void {
    this.observers.push(observer);
    return () => {
      this.observers = this.observers.filter((o) => o !== observer);
    };
  }

  private async run(subscription: AllSubscription, batch: Batch): Promise<void> {
    const iterator = subscription[Symbol.asyncIterator]();
    // Events the subscription already holds are taken with poll(), without a promise each; next() only
    // when it has none, and poll() never while a next() is pending, so the order stays the log's.
    const poll = subscription.poll?.bind(subscription);
    let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
    for (;;) {
      let recorded = pending === null ? poll?.() : undefined;
      if (recorded === undefined) {
        pending ??= iterator.next();
        let result: IteratorResult<RecordedEvent> | typeof IDLE;
        if (batch.size === 0 && this.unsaved === null) result = await pending;
        else if (batch.size === 0) {
          // Quiet after events this projection skipped: save their checkpoint once the log stays quiet, so a
          // restart does not re-read them and the lag operators see comes back to 0.
          result = batch.writingBack ? await pending : await this.quietOr(pending);
          if (result === IDLE) {
            if (this.unsaved !== null) await this.checkpoint(this.unsaved, []);
            continue;
          }
        } else {
          result = await Promise.race([pending, batch.due]);
          if (result === IDLE) {
            await this.flush(batch);
            continue;
          }
        }
        pending = null;
        if (result.done) break;
        recorded = result.value;
      }
      // A redelivered event is skipped whether it was committed already or is still in the open batch.
      const applied = batch.position ?? this.progress.position;
      if (applied !== null && recorded.position <= applied) continue;
      if (batch.size === 0) batch.open(this.options.batchWindowMs ?? 0);
      if (this.handles.has(recorded.type)) {
        const adding = batch.add(recorded, this.projection);
        if (adding !== undefined) await adding;
      } else batch.pass(recorded.position);
      this.releaseIfWanted();
      if (batch.size >= (this.options.maxBatchEvents ?? MAX_BATCH_EVENTS)) {
        await this.flush(batch);
        // Catching up on a backlog never leaves the loop otherwise (events already read and documents in
        // memory resolve as microtasks): timers on this thread — the lease renewals above all — run here.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    if (batch.size > 0) await this.flush(batch);
  }

  private async quietOr<T>(pending: Promise<T>): Promise<T | typeof IDLE> {
    let timer: NodeJS.Timeout | undefined;
    const quiet = new Promise<typeof IDLE>((resolve) => {
      timer = setTimeout(() => resolve(IDLE), this.options.idleCheckpointMs ?? IDLE_CHECKPOINT_MS);
      timer.unref();
    });
    try {
      return await Promise.race([pending, quiet]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async flush(batch: Batch): Promise<void> {
    const { position, writes } = batch.drain();
    if (position === null) return;
    if (this.wanted !== null && this.wanted <= position) this.wanted = null;
    // Most events change nothing here (a game's moves, for the user profiles): writing the checkpoint for
    // each such batch would be a read-store commit per event and projection. It is written with the next
    // batch that writes, at most IDLE_CHECKPOINT_MS after the last, and on stop. After a crash the
    // documents are exactly as of the stored checkpoint (every write commits at once, with it), so the
    // events re-read from there decide the same nothing again.
    //
    // While a rebuild writes back (before the batch that reaches its head), a batch with nothing to store
    // keeps its checkpoint in memory whatever the interval: nobody reads that generation's checkpoint
    // before the switch, and an interrupted rebuild begins its generation again from empty. Each such
    // commit would take the file's write lock, and wait while another rebuild thread holds it for its
    // final writes and index builds (seconds at 1,000,000 events).
    if (writes.length > 0 || (!batch.writingBack && Date.now() - this.checkpointedAt >= (this.options.idleCheckpointMs ?? IDLE_CHECKPOINT_MS))) await this.checkpoint(position, writes);
    else this.unsaved = position;
    this.progress.reach(position);
    if (writes.length > 0 && this.listeners.length > 0) {
      const changes = changesOf(writes);
      for (const listener of this.listeners) listener(changes);
    }
    for (const observer of this.observers) observer.processed(position, writes);
  }

  private async checkpoint(position: bigint, writes: WriteOperation[]): Promise<void> {
    await this.view.commit({ projection: this.projection.name, position, writes, ...(this.fence === undefined ? {} : { fence: this.fence }) });
    this.checkpointedAt = Date.now();
    this.unsaved = null;
  }

  /**
   * The loop ended on an error. A rebuild that replaced the generation this runner followed is not one:
   * it starts again on the new generation, from its checkpoint, with an empty document cache.
   */
  private async stopped(error: Error, subscription: ReturnType<EventStore['subscribeToAll']>): Promise<void> {
    if (!(error instanceof GenerationMovedError) || this.options.generation !== undefined || this.stopping) return this.fail(error);
    this.logger.log(`generation ${error.generation} was replaced by a rebuild; following generation ${error.current.active}`);
    await subscription.unsubscribe();
    try {
      await this.start();
    } catch (failure) {
      this.fail(failure as Error);
    }
  }

  private fail(error: Error): void {
    if (error instanceof LeaseLostError) this.logger.warn(`stopped: ${error.message}`);
    else this.logger.error(`stopped: ${error.stack ?? error.message}`);
    this.progress.fail(error);
    for (const observer of this.observers) observer.failed(error);
  }
}

type DocumentWrite = Exclude<WriteOperation, { kind: 'deletePrefix' }>;
const idOf = (write: DocumentWrite) => (write.kind === 'upsert' ? write.document.id : write.id);

/**
 * Values by collection, then by document id: no key string is made per read or write (a document's id is
 * the same string object from its creation on, so its hash is computed once), where one key joining the two
 * made and hashed a new string at every read and write of a rebuild, hundreds of thousands of times.
 */
class DocumentMap<V> {
  private readonly collections = new Map<string, Map<string, V>>();

  get(collection: string, id: string): V | undefined {
    return this.collections.get(collection)?.get(id);
  }

  has(collection: string, id: string): boolean {
    return this.collections.get(collection)?.has(id) ?? false;
  }

  set(collection: string, id: string, value: V): void {
    let documents = this.collections.get(collection);
    if (!documents) this.collections.set(collection, (documents = new Map()));
    documents.set(id, value);
  }

  delete(collection: string, id: string): boolean {
    return this.collections.get(collection)?.delete(id) ?? false;
  }

  /** Removes every entry of `collection` whose id begins with `prefix`, handing each to `removed`. */
  deletePrefix(collection: string, prefix: string, removed?: (value: V) => void): void {
    const documents = this.collections.get(collection);
    if (!documents) return;
    for (const [id, value] of documents) {
      if (id.startsWith(prefix)) {
        documents.delete(id);
        removed?.(value);
      }
    }
  }

  *values(): IterableIterator<V> {
    for (const documents of this.collections.values()) yield* documents.values();
  }
}

/** One document as a runner knows it (DocumentMemory). */
interface Slot {
  readonly collection: string;
  readonly id: string;
  /** As the projection reads it now, with the open batch's writes (null: known not to exist). */
  document: Document | null;
  /** The open batch's last write of it, until the batch settles. */
  pending: DocumentWrite | undefined;
  /** Write-back: its last settled write, not stored yet. */
  held: WriteOperation | undefined;
  /** The cache generation it was last used in (see DocumentMemory). */
  used: number;
  /** Let go from memory with a write held: that write goes with the next commit, and it is read from here until then. */
  leaving: boolean;
}

/**
 * What a runner knows of its documents, one entry each — the open batch's writes, the documents it keeps
 * in memory, and (write-back) the writes it holds — so that reading or writing a document costs one lookup,
 * where separate maps for the batch, two cache generations, the documents held and those let go took about
 * fifteen for each document a rebuild's batch wrote.
 *
 * It keeps the documents of the projection's own collections it last read or wrote, those unused longest
 * forgotten first: in two generations of up to `limit` documents each; a document used from the older one
 * moves to the newer, and when the newer fills up the older is let go (cheaper than a strict LRU, which
 * would reorder a Map on every read). A document the projection does not own (another projection writes
 * it) is kept only while its batch is open.
 */
class DocumentMemory {
  private readonly slots = new DocumentMap<Slot>();
  /** The open batch's written documents, in the order first written (writes to different documents commit in any order). */
  private written: Slot[] = [];
  private generation = 0;
  /** Documents used in the current generation. */
  private recent = 0;
  /**
   * For a generation that began empty (a rebuild's): which documents of its own collections exist among
   * those not in memory, so that one in neither is known not to exist without asking the store (a rebuild
   * creates most documents, and each creation began with such a miss). Updated as documents are let go.
   * (A prefix deletion leaves its documents here: such a document is then read from the store, which answers null.)
   */
  private readonly existing: DocumentMap<true> | null;
  /**
   * Write-back (ProjectionRunnerOptions.writeBackUntil): a settled write stays in its document's entry
   * (`held`) instead of being stored with its batch. False: every write is stored with its batch.
   */
  writingBack: boolean;
  /** Documents let go with a write held since the last settle (see Slot.leaving). */
  private leaving: Slot[] = [];

  constructor(
    private readonly owned: ReadonlySet<string>,
    private readonly limit: number,
    beganEmpty: boolean,
    /** Write-back until the batch that reaches this position (null: never). */
    private readonly writeBackUntil: bigint | null = null,
  ) {
    this.existing = beganEmpty ? new DocumentMap() : null;
    this.writingBack = beganEmpty && writeBackUntil !== null;
  }

  /** The document as the projection reads it (null: known not to exist), or undefined when it is not known here. */
  get(collection: string, id: string): Document | null | undefined {
    const slot = this.slots.get(collection, id);
    if (slot === undefined) return undefined;
    // (A document let go whose write is not stored yet is read from here until it is, not kept again.)
    if (slot.pending === undefined && !slot.leaving) this.use(slot);
    return slot.document;
  }

  /** True when the document is known not to exist (see `existing`). */
  absent(collection: string, id: string): boolean {
    return this.existing !== null && this.owned.has(collection) && !this.existing.has(collection, id);
  }

  /** A document as the store answered it (null: none). */
  stored(collection: string, id: string, document: Document | null): void {
    if (this.slots.has(collection, id)) return;
    if (!this.keeps(collection)) {
      if (this.existing !== null && this.owned.has(collection)) this.exists(collection, id, document !== null);
      return;
    }
    const slot: Slot = { collection, id, document, pending: undefined, held: undefined, used: -1, leaving: false };
    this.slots.set(collection, id, slot);
    this.use(slot);
  }

  /** A write of the open batch: what the projection reads from now on. */
  write(write: DocumentWrite): void {
    const id = idOf(write);
    const document = write.kind === 'upsert' ? write.document : null;
    const slot = this.slots.get(write.collection, id);
    if (slot === undefined) {
      const created: Slot = { collection: write.collection, id, document, pending: write, held: undefined, used: -1, leaving: false };
      this.slots.set(write.collection, id, created);
      this.written.push(created);
      return;
    }
    if (slot.pending === undefined) this.written.push(slot);
    slot.pending = write;
    slot.document = document;
  }

  /**
   * Forgets every document of `collection` whose id begins with `prefix` (a prefix deletion, committed before
   * the batch's other writes): what the batch wrote of them before it, and what is held or let go unstored,
   * is never stored, since the deletion removes it anyway.
   */
  dropPrefix(collection: string, prefix: string): void {
    this.slots.deletePrefix(collection, prefix, (slot) => {
      slot.pending = undefined;
      slot.held = undefined;
      slot.leaving = false;
    });
  }

  /**
   * The open batch's writes, now what the projection reads: returns those to store with its commit. Write-back
   * holds them and returns the writes of documents let go meanwhile, until the batch that reaches
   * `writeBackUntil`, which returns every write held; after it, each batch's own writes.
   */
  settle(position: bigint): WriteOperation[] {
    const stored: WriteOperation[] = [];
    const written = this.written;
    this.written = [];
    for (const slot of written) {
      const write = slot.pending;
      // Dropped by a prefix deletion later in the batch.
      if (write === undefined) continue;
      slot.pending = undefined;
      // A write the cache cannot keep (a collection the projection does not own, no cache) is stored at once.
      if (!this.keeps(slot.collection)) {
        this.forget(slot);
        stored.push(write);
        continue;
      }
      this.use(slot);
      if (!this.writingBack) stored.push(write);
      else {
        // Written again after it was let go: its earlier write is no longer worth storing.
        slot.leaving = false;
        slot.held = write;
      }
    }
    for (const slot of this.leaving) {
      if (!slot.leaving) continue;
      stored.push(slot.held!);
      slot.held = undefined;
      slot.leaving = false;
      this.forget(slot);
    }
    this.leaving = [];
    if (this.writingBack && this.writeBackUntil !== null && position >= this.writeBackUntil) {
      for (const slot of this.slots.values()) {
        if (slot.held === undefined) continue;
        stored.push(slot.held);
        slot.held = undefined;
      }
      this.writingBack = false;
    }
    return stored;
  }

  private keeps(collection: string): boolean {
    return this.limit > 0 && this.owned.has(collection);
  }

  /** The document is in use: into the current generation, which, when full, becomes the older one (see sweep). */
  private use(slot: Slot): void {
    if (slot.used === this.generation) return;
    if (this.recent >= this.limit) {
      this.generation += 1;
      this.recent = 0;
      slot.used = this.generation;
      this.sweep();
    } else slot.used = this.generation;
    this.recent += 1;
  }

  /**
   * Lets go of the documents not used in the current generation nor in the one before. One with a write held
   * stays readable until the next settle, which stores that write (`leaving`); those the open batch wrote
   * stay until it settles.
   */
  private sweep(): void {
    const older = this.generation - 1;
    for (const slot of this.slots.values()) {
      if (slot.used >= older || slot.pending !== undefined || slot.leaving) continue;
      if (slot.held === undefined) this.forget(slot);
      else {
        slot.leaving = true;
        this.leaving.push(slot);
      }
    }
  }

  private forget(slot: Slot): void {
    this.slots.delete(slot.collection, slot.id);
    if (this.existing !== null && this.owned.has(slot.collection)) this.exists(slot.collection, slot.id, slot.document !== null);
  }

  private exists(collection: string, id: string, exists: boolean): void {
    if (exists) this.existing!.set(collection, id, true);
    else this.existing!.delete(collection, id);
  }
}

/** One batch of events: their writes readable by later events of the same batch before they are committed. */
class Batch implements DocumentReader {
  /**
   * The batch's prefix deletions, in order, committed before its other writes: each took the writes it
   * matched out of memory, so what the batch stores of those documents came after it.
   */
  private dropped: Array<Extract<WriteOperation, { kind: 'deletePrefix' }>> = [];
  private lastPosition: bigint | null = null;
  private window: { release: () => void; timer: NodeJS.Timeout | undefined } | null = null;
  /** Resolves once the open batch should be committed: released, and nothing more ready on this turn. */
  due: Promise<typeof IDLE> = Promise.resolve(IDLE);
  size = 0;

  /** Position of the last event added since the last drain. */
  get position(): bigint | null {
    return this.lastPosition;
  }

  constructor(
    private readonly reads: GenerationView,
    private readonly memory: DocumentMemory,
    /** What the rebuild knows of the log's end, for events up to `until` (ProjectedEvent.ahead). */
    private readonly ahead: { until: bigint; ahead: LogAhead } | null = null,
  ) {}

  /** Whether its writes are held in memory rather than stored (see DocumentMemory.writingBack). */
  get writingBack(): boolean {
    return this.memory.writingBack;
  }

  /** The first event is in: the batch stays open for `windowMs`, or until released. */
  open(windowMs: number): void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Events already read are taken in before the commit, as with no window.
    this.due = released.then(() => new Promise<typeof IDLE>((resolve) => setImmediate(() => resolve(IDLE))));
    this.window = { release, timer: windowMs > 0 ? setTimeout(release, windowMs) : undefined };
    if (windowMs <= 0) release();
  }

  /** Commit as soon as nothing more is ready, window or not. */
  release(): void {
    this.window?.release();
  }

  /** Without a promise when the document is in memory (most reads: about 5 % of a rebuild's time went to those promises). */
  get<T extends Document>(collection: string, id: string): Promise<T | null> | T | null {
    const known = this.memory.get(collection, id);
    if (known !== undefined) return known as T | null;
    for (const deletion of this.dropped) if (deletion.collection === collection && id.startsWith(deletion.prefix)) return null;
    if (this.memory.absent(collection, id)) return null;
    return this.reads.get<T>(collection, id).then((stored) => {
      this.memory.stored(collection, id, stored);
      return stored;
    });
  }

  /** An event applied: a promise only when the projection's `apply` returned one (it waited for the store). */
  add(recorded: RecordedEvent, projection: Projection): Promise<void> | undefined {
    const projected: ProjectedEvent = { event: toDomainEvent(recorded), streamId: recorded.streamId, revision: recorded.revision, position: recorded.position, createdAt: recorded.createdAt };
    if (this.ahead !== null && recorded.position <= this.ahead.until) projected.ahead = this.ahead.ahead;
    const writes = projection.apply(projected, this);
    if (writes instanceof Promise) return writes.then((settled) => this.took(recorded.position, settled));
    this.took(recorded.position, writes);
    return undefined;
  }

  private took(position: bigint, writes: readonly WriteOperation[]): void {
    for (const write of writes) {
      if (write.kind !== 'deletePrefix') this.memory.write(write);
      else {
        this.memory.dropPrefix(write.collection, write.prefix);
        this.dropped.push(write);
      }
    }
    this.lastPosition = position;
    this.size += 1;
  }

  /** An event the projection does not handle: accounted for, nothing to apply. */
  pass(position: bigint): void {
    this.lastPosition = position;
    this.size += 1;
  }

  /**
   * Hands the batch over to be committed and starts the next. What it wrote is what the projection will
   * read from now on; if the commit fails, the runner stops, and its next start begins with an empty memory.
   */
  drain(): { position: bigint | null; writes: WriteOperation[] } {
    // A document written several times in the batch (a game's moves) is stored once, as it ended up: the
    // same end state as writing each in turn, since every write replaces the whole document.
    const settled = this.lastPosition === null ? [] : this.memory.settle(this.lastPosition);
    const writes = this.dropped.length === 0 ? settled : [...this.dropped, ...settled];
    this.dropped = [];
    const drained = { position: this.lastPosition, writes };
    clearTimeout(this.window?.timer);
    this.window = null;
    this.lastPosition = null;
    this.size = 0;
    return drained;
  }
}

/**
 * The read store as one generation of a projection sees it: its collections and checkpoint under their
 * physical names (generations.ts). Projections name collections plainly; this names them for the store.
 */
class GenerationView {
  readonly projection: string;

  constructor(
    private readonly reads: ReadStore,
    projection: Projection,
    readonly generation: number,
  ) {
    this.projection = generationName(projection.name, generation);
  }

  name(collection: string): string {
    return generationName(collection, this.generation);
  }

  get<T extends Document>(collection: string, id: string): Promise<T | null> {
    return this.reads.get<T>(this.name(collection), id);
  }

  commit(batch: CommitBatch): Promise<boolean> {
    if (this.generation === 0) return this.reads.commit(batch);
    const writes = batch.writes.map((write): WriteOperation => ({ ...write, collection: this.name(write.collection) }));
    return this.reads.commit({ ...batch, projection: this.projection, writes });
  }
}
