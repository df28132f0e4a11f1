import type { RecordedEvent } from './event-store.port.js';

/** How many of the newest events are kept for subscriptions to read without a query. */
export const RECENT_EVENTS = 4096;
/** How many of each stream's newest events are kept for stream reads. */
const RECENT_PER_STREAM = 8;
/** Streams whose head is remembered; past this the map is cleared (it only saves queries). */
const MAX_STREAMS = 50_000;
/** Bytes of stored JSON the kept window may hold (parsed, they take a few times that): 4,096 usual events are 1–2 MB. */
export const RECENT_BYTES = 4 * 1024 * 1024;
/**
 * An event this big (a preset map's 10,000 locations) is not kept in its stream's tail: a map's few
 * commands would otherwise keep every location of the catalogue in memory for good.
 */
export const LARGE_EVENT_BYTES = 64 * 1024;

interface StreamTail {
  /** The stream's newest events, consecutive revisions ending at its head. */
  events: RecordedEvent[];
}

/**
 * The events this process committed, newest last, as they were stored: every subscription and every
 * command reads the events just appended, and this answers those reads from memory instead of one
 * query and one JSON parse per reader.
 *
 * It only answers what it knows to be complete. Positions are SQLite rowids, given in commit order with
 * no gaps while no row is deleted, so the kept events are every event from `from` to `last`; and while no
 * other store has committed (the caller checks `PRAGMA data_version` and calls `reset` when someone else
 * did), nothing exists after `last` and a stream's head is the one recorded here. Anything else falls
 * back to the database. Events are frozen: every reader gets the same objects.
 */
export class RecentEvents {
  private events: RecordedEvent[] = [];
  /** The stored size of each kept event (its data and metadata JSON), beside `events`. */
  private sizes: number[] = [];
  private bytes = 0;
  private start = 0;
  private readonly tails = new Map<string, StreamTail>();

  /** The store's last position: nothing after it exists. */
  constructor(private last: bigint) {}

  /** Another connection committed: forget everything; `last` is the new end of the store. */
  reset(last: bigint): void {
    this.events = [];
    this.sizes = [];
    this.bytes = 0;
    this.start = 0;
    this.tails.clear();
    this.last = last;
  }

  /** The newest position known here. */
  get lastPosition(): bigint {
    return this.last;
  }

  /**
   * Events of one commit, in position order, with the size each takes stored (`sizes[i]`, bytes of its
   * data and metadata JSON; 0 when not given). False when they do not follow the last known event
   * (someone else committed in between): then they start the kept events afresh, and the caller must look
   * for events after them in the database.
   */
  add(committed: readonly RecordedEvent[], sizes: readonly number[] = []): boolean {
    const first = committed[0];
    if (!first) return true;
    const follows = first.position === this.last + 1n;
    if (!follows) this.reset(first.position - 1n);
    committed.forEach((event, i) => {
      const size = sizes[i] ?? 0;
      Object.freeze(event);
      this.events.push(event);
      this.sizes.push(size);
      this.bytes += size;
      this.last = event.position;
      if (size > LARGE_EVENT_BYTES) this.tails.delete(event.streamId);
      else this.remember(event);
    });
    // The newest event is always kept, however big: `after` needs a window that reaches `last`.
    let overBudget = false;
    while (this.start < this.events.length - 1 && (this.events.length - this.start > RECENT_EVENTS || this.bytes > RECENT_BYTES)) {
      overBudget ||= this.bytes > RECENT_BYTES;
      this.bytes -= this.sizes[this.start]!;
      this.start += 1;
    }
    // Events before `start` are still referenced until the arrays are cut: at once when big events were
    // dropped (rare), else once in a while.
    if (this.start > RECENT_EVENTS || (overBudget && this.start > 0)) {
      this.events = this.events.slice(this.start);
      this.sizes = this.sizes.slice(this.start);
      this.start = 0;
    }
    return follows;
  }

  /** Up to `limit` events after `position`, or undefined when they are not all known here. */
  after(position: bigint, limit: number): RecordedEvent[] | undefined {
    if (position >= this.last) return [];
    const oldest = this.events[this.start];
    if (!oldest || position + 1n < oldest.position) return undefined;
    const index = this.start + Number(position + 1n - oldest.position);
    return this.events.slice(index, index + limit);
  }

  /**
   * A stream's events from `revision` on (up to `limit`, -1 for all), or undefined when this does not
   * know them all: a stream this process has not appended to, or a read reaching further back than kept.
   */
  streamFrom(streamId: string, revision: bigint, limit: number): RecordedEvent[] | undefined {
    const tail = this.tails.get(streamId);
    const oldest = tail?.events[0];
    if (!tail || !oldest || revision < oldest.revision) return undefined;
    const index = Number(revision - oldest.revision);
    return tail.events.slice(index, limit < 0 ? undefined : index + limit);
  }

  private remember(event: RecordedEvent): void {
    let tail = this.tails.get(event.streamId);
    const newest = tail?.events.at(-1);
    if (!tail || !newest || event.revision !== newest.revision + 1n) {
      // A stream first seen here is only known from this event on if it is its first: otherwise the
      // events before it are not here, and a read from an earlier revision goes to the database.
      if (this.tails.size >= MAX_STREAMS) this.tails.clear();
      tail = { events: [] };
      this.tails.set(event.streamId, tail);
    }
    tail.events.push(event);
    if (tail.events.length > RECENT_PER_STREAM) tail.events.shift();
  }
}
