import { performance } from 'node:perf_hooks';
import { seededRandom } from './stats.js';

export interface PaceOptions {
  senders: number;
  /** Mean gap between two moves of one sender; each gap is uniform in [0.5, 1.5] × this. */
  intervalMs: number;
  seed: number;
  /** Called for each move with the sender's index and the moment the pacer chose (performance.now()). */
  send: (sender: number) => void;
}

/**
 * Open loop: a sender moves on its own schedule, never waiting for an earlier move's answer, as a player
 * dragging a marker does. A slow server therefore meets the same load as a fast one instead of being
 * offered less (no coordinated omission). The same seed gives every phase the same schedule.
 */
export function pace({ senders, intervalMs, seed, send }: PaceOptions): { stop(): void; startedAt: number } {
  const random = seededRandom(seed);
  const timers = new Array<NodeJS.Timeout | undefined>(senders);
  let running = true;
  const schedule = (sender: number, delay: number) => {
    timers[sender] = setTimeout(() => {
      if (!running) return;
      send(sender);
      schedule(sender, intervalMs * (0.5 + random()));
    }, delay);
  };
  for (let sender = 0; sender < senders; sender++) schedule(sender, intervalMs * random());
  return {
    startedAt: performance.now(),
    stop() {
      running = false;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

/** The pushes one receiving socket got, in arrival order: (version or sequence, receipt time). */
export class Receipts {
  readonly keys: number[] = [];
  readonly times: number[] = [];
  outOfOrder = 0;

  record(key: number, at: number): void {
    if (this.keys.length > 0 && key <= this.keys.at(-1)!) this.outOfOrder += 1;
    this.keys.push(key);
    this.times.push(at);
  }

  /** Receipt time of the first push whose key is at least `key` (keys grow per socket), or undefined. */
  firstAtOrAfter(key: number): number | undefined {
    let [low, high] = [0, this.keys.length];
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.keys[mid]! < key) low = mid + 1;
      else high = mid;
    }
    return this.times[low];
  }

  get last(): number {
    return this.keys.at(-1) ?? -1;
  }
}

/** Resolves once `count` stayed the same for `quietMs`, or after `maxMs`: the tail of a phase drains. */
export async function quiescence(count: () => number, quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let seen = count();
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = count();
    if (now !== seen) [seen, quietSince] = [now, Date.now()];
    else if (Date.now() - quietSince >= quietMs) return;
  }
}

/** Resolves once `condition` holds, or after `maxMs` (the caller counts whatever is still missing). */
export async function until(condition: () => boolean, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
