import { Logger } from '../logging/logger.js';
import { WorkerPool } from '../workers/worker-pool.js';
import { type AppendRequest, EventWriter, type GroupOutcome, lockedOut } from './event-writer.js';
import type { WriterRequest } from './event-writer.worker.js';

/**
 * Where SqliteEventStore's groups are committed: on its writer thread, so that waiting for the disk does not
 * stop the event loop, or on the calling thread, which then waits for the fsync but not for the hop to the
 * thread and back. The store chooses (see its `commitsHere`); it never has two groups in flight, so the two
 * connections never write at the same time.
 */
export interface WriterChannel {
  /**
   * Commits now, on this thread. null when another connection (another store or process on the file) holds
   * the write lock: nothing was stored and the group goes to `writeOnThread`, which may wait for the lock.
   */
  writeHere(appends: AppendRequest[]): GroupOutcome | null;
  writeOnThread(appends: AppendRequest[]): Promise<GroupOutcome>;
  /** false from TypeScript sources: there is no writer thread and both ways commit on the calling thread. */
  readonly threaded: boolean;
  close(): Promise<void>;
}

export function writerOn(file: string, script: URL | null): WriterChannel {
  if (!script) {
    // Opened on the first write: a store that only reads (the projections' thread) never opens it.
    let writer: EventWriter | null = null;
    const writeHere = (appends: AppendRequest[]) => (writer ??= new EventWriter(file)).write(appends);
    return { threaded: false, writeHere, writeOnThread: async (appends) => writeHere(appends), close: async () => writer?.close() };
  }
  const thread = new WorkerPool<WriterRequest, GroupOutcome | null>(script, { size: 1, name: 'event store writer' });
  const checkpoints = new Checkpoints(file, script);
  // This thread's connection, opened on its first write; it leaves checkpoints to their thread too.
  let here: EventWriter | null = null;
  // The thread starts with the first write sent to it: a store that never sent one has nothing to close there.
  let wrote = false;
  return {
    threaded: true,
    writeHere(appends) {
      const writer = (here ??= new EventWriter(file, { checkpointsElsewhere: true, waitForLock: false }));
      const outcome = writer.write(appends);
      if (lockedOut(outcome)) return null;
      checkpoints.afterCommit(writer);
      return outcome;
    },
    async writeOnThread(appends) {
      wrote = true;
      const outcome = (await thread.run({ file, appends }))!;
      checkpoints.afterCommit();
      return outcome;
    },
    async close() {
      // A checkpoint under way may be using `here`.
      await checkpoints.close();
      try {
        here?.close();
        if (wrote) await thread.run({ file, close: true });
      } finally {
        await thread.close();
      }
    },
  };
}

/** At most one checkpoint per this long while commits come, each copying what came since the last. */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * The WAL is copied into the file (PASSIVE) at most every CHECKPOINT_INTERVAL_MS while commits come, so it
 * stays small and reads stay fast, by whichever thread made the commit that found one due:
 * - after a commit on the writer thread, by a thread of its own while the writer goes on: a checkpoint on the
 *   writer's connection holds up the commits queued behind it (under load its worst commits, 9–36 ms, were
 *   the ones that checkpointed);
 * - after a commit on the event loop's thread, on that thread, on the turn after the commit (its appenders
 *   go on first): those commits come one at a time, and a checkpoint running beside them made each of them
 *   wait longer for its fsync (the copy's own fsync of the database file shares the disk's journal), about
 *   halving one-at-a-time appends on ext4, so there it is taken between two commits, as SQLite's own
 *   automatic checkpoint does.
 */
class Checkpoints {
  private readonly logger = new Logger('event-store');
  private readonly thread: WorkerPool<WriterRequest, GroupOutcome | null>;
  private running: Promise<void> | null = null;
  /** The first checkpoint comes an interval after the store opened: a short-lived store never starts the thread. */
  private lastStarted = Date.now();
  private started = false;

  constructor(
    private readonly file: string,
    script: URL,
  ) {
    this.thread = new WorkerPool(script, { size: 1, name: 'event store checkpointer' });
  }

  /** `here`: the commit was made on this thread, by this writer. */
  afterCommit(here?: EventWriter): void {
    if (this.running || Date.now() - this.lastStarted < CHECKPOINT_INTERVAL_MS) return;
    this.lastStarted = Date.now();
    if (!here) this.started = true;
    const copy = here ? async () => here.checkpoint() : async () => void (await this.thread.run({ file: this.file, checkpoint: true }));
    // Started on the next turn: the commit's appenders go on first.
    this.running = new Promise((resolve) => setImmediate(resolve))
      .then(copy)
      .then(
        () => undefined,
        // The next commit tries again; meanwhile the WAL only grows.
        (error: Error) => this.logger.warn(`checkpointing ${this.file} failed: ${error.message}`),
      )
      .finally(() => (this.running = null));
  }

  async close(): Promise<void> {
    await this.running;
    try {
      if (this.started) await this.thread.run({ file: this.file, close: true });
    } finally {
      await this.thread.close();
    }
  }
}
