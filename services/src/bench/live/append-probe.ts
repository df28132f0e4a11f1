/**
 * Preloaded into the gateway's process (`--import`) by the live bench: times every append to the embedded
 * event store from the call to its acknowledgement, which comes only once the commit holding it is
 * fsynced (waiting for the group already at the writer, the hop to the writer's thread, the commit, the hop
 * back). The bench collects the times of its game phases over IPC (`appends:start`, `appends:stop`), so
 * the report can set the durable append, a step the echo does not have, beside the echo's whole latency.
 */
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store.js';

let samples: number[] | null = null;
const append = SqliteEventStore.prototype.append;
SqliteEventStore.prototype.append = async function timedAppend(this: SqliteEventStore, ...args: Parameters<typeof append>) {
  const started = performance.now();
  const result = await append.apply(this, args);
  samples?.push(performance.now() - started);
  return result;
};

process.on('message', (message: { type?: string }) => {
  if (message.type === 'appends:start') {
    samples = [];
    process.send?.({ type: 'appends:started' });
  }
  if (message.type === 'appends:stop') {
    process.send?.({ type: 'appends:stopped', samples: samples ?? [] });
    samples = null;
  }
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
