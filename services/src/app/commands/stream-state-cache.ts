import type { Decider } from '../../domain/decider.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../platform/event-store/domain-event.js';

type Folding<S, E> = Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>;

export interface LoadedState<S> {
  state: S;
  /** Revision of the stream's last event; undefined for a stream with no events. */
  revision: bigint | undefined;
}

interface Entry {
  folding: object;
  state: unknown;
  revision: bigint;
}

/** Streams whose folded state is kept; the least recently used is dropped first. */
export const DEFAULT_CACHED_STREAMS = 10_000;

/**
 * Each stream's state as its decider folded it, with the revision it stands at, so loading a stream reads
 * and parses only the events appended since instead of the whole stream on every command.
 *
 * The event store stays the source of truth: every load asks it for the events after the cached revision
 * and folds them in, so appends by anyone else (another process, a direct append) are seen before anyone
 * decides on the state; a cached state is never answered by `load` without that read. `peek` answers it
 * without the read, for a decision whose append is checked against the revision (handleCommand). Revisions are immutable and
 * gap-free, so state at revision r plus the events after r is the state at the head. A run that does not
 * start right after the cached revision (a store that was replaced under this process) drops the entry and
 * folds the stream from the start.
 *
 * Relies on STYLE rule 1: evolve is pure and returns new states, and nobody mutates a state it was given.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly store: EventStore,
    private readonly capacity = DEFAULT_CACHED_STREAMS,
  ) {}

  /**
   * The cached state as it is, without asking the store: for a decision whose append checks the revision
   * anyway (handleCommand), so a stale state can only make that append fail and the command decide again.
   * undefined when nothing is cached.
   */
  peek<S, E>(streamId: string, folding: Folding<S, E>): LoadedState<S> | undefined {
    const cached = this.entry(streamId, folding);
    return cached ? { state: cached.state as S, revision: cached.revision } : undefined;
  }

  async load<S, E>(streamId: string, folding: Folding<S, E>): Promise<LoadedState<S>> {
    const cached = this.entry(streamId, folding);
    if (cached) {
      const newer = await this.store.readStream(streamId, { fromRevision: cached.revision + 1n });
      const folded = fold(newer, folding, cached.state as S, cached.revision);
      if (folded) return this.keep(streamId, folding, folded);
      this.forget(streamId);
    }
    const all = await this.store.readStream(streamId);
    const folded = fold(all, folding, folding.initialState, undefined);
    if (!folded) throw new Error(`${streamId}: the event store returned revisions out of order`);
    return this.keep(streamId, folding, folded);
  }

  /** After an append that moved the stream to `revision`: its state there, so the next load starts from it. */
  remember<S, E>(streamId: string, folding: Folding<S, E>, state: S, revision: bigint): void {
    this.keep(streamId, folding, { state, revision });
  }

  /** Drops a stream's entry (an append found the stream elsewhere than this cache thought). */
  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }

  private entry(streamId: string, folding: object): Entry | undefined {
    const entry = this.entries.get(streamId);
    return entry?.folding === folding ? entry : undefined;
  }

  private keep<S>(streamId: string, folding: object, loaded: LoadedState<S>): LoadedState<S> {
    if (loaded.revision === undefined) return loaded;
    const current = this.entry(streamId, folding);
    // Two loads of one stream can finish out of order: the newer state wins.
    if (!current || current.revision < loaded.revision) {
      this.entries.delete(streamId);
      this.entries.set(streamId, { folding, state: loaded.state, revision: loaded.revision });
      if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    } else if (current.revision === loaded.revision) {
      // Touched: most recently used.
      this.entries.delete(streamId);
      this.entries.set(streamId, current);
    }
    return loaded;
  }
}

/** Folds a run of events onto a state at `after`; null when the run does not continue right after it. */
function fold<S, E>(recorded: readonly RecordedEvent[], folding: Folding<S, E>, state: S, after: bigint | undefined): LoadedState<S> | null {
  let revision = after;
  for (const event of recorded) {
    if (event.revision !== (revision ?? -1n) + 1n) return null;
    state = folding.evolve(state, toDomainEvent(event) as E);
    revision = event.revision;
  }
  return { state, revision };
}
