/**
 * Preloaded (`--import`) by the live bench into the gateway's process and the durable echo's: times every
 * append to the embedded event store from the call to its acknowledgement, which comes only once the
 * commit holding it is fsynced (waiting for the group already at the writer, the commit, on the writer
 * thread or, for an append made while that writer is idle, on the calling thread). The bench collects the
 * times of each server's phases over IPC (`appends:start`, `appends:stop`), so the report can set the
 * durable append, which both wait for before they push, beside their whole latencies; with how many
 * commits held them and how late the server's event loop ran.
 */
import { type IntervalHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store.js';

/** What the bench gets back for one window (`appends:stopped`). */
export interface AppendWindow {
  /** Every append, call → durable acknowledgement, in ms. */
  samples: number[];
  /** Write transactions the process's event stores committed in the window. */
  commits: number;
  /** The server's event-loop delay p99 over the window, in ms. */
  loopDelayP99Ms: number;
}

const LOOP_DELAY_RESOLUTION_MS = 10;
const stores = new Set<SqliteEventStore>();
let window: { samples: number[]; commitsBefore: Map<SqliteEventStore, number>; loop: IntervalHistogram } | null = null;

const append = SqliteEventStore.prototype.append;
SqliteEventStore.prototype.append = async function timedAppend(this: SqliteEventStore, ...args: Parameters<typeof append>) {
  stores.add(this);
  const started = performance.now();
  const result = await append.apply(this, args);
  window?.samples.push(performance.now() - started);
  return result;
};

process.on('message', (message: { type?: string }) => {
  if (message.type === 'appends:start') {
    const loop = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
    loop.enable();
    window = { samples: [], commitsBefore: new Map([...stores].map((store) => [store, store.commitCount])), loop };
    process.send?.({ type: 'appends:started' });
  }
  if (message.type === 'appends:stop' && window) {
    const { samples, commitsBefore, loop } = window;
    loop.disable();
    const commits = [...stores].reduce((sum, store) => sum + store.commitCount - (commitsBefore.get(store) ?? 0), 0);
    // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
    const answer: AppendWindow = { samples, commits, loopDelayP99Ms: Math.max(0, loop.percentile(99) / 1e6 - LOOP_DELAY_RESOLUTION_MS) };
    process.send?.({ type: 'appends:stopped', ...answer });
    window = null;
  }
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
