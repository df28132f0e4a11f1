/** Keys remembered as served before the oldest (not waiting) are forgotten. */
const MAX_REMEMBERED = 4096;

/** Lower runs first: 0 is the most urgent. */
export type QueuePriority = 0 | 1 | 2;

interface Job {
  key: string;
  priority: QueuePriority;
  start: () => void;
}

/** A task handed to a FairQueue: its result, and a way to move it up while it still waits. */
export interface QueuedTask<T> {
  result: Promise<T>;
  /** Moves the task to `priority` if that is more urgent and it has not started yet. */
  raise(priority: QueuePriority): void;
}

/**
 * Runs at most `concurrency` tasks at once, and at most `perKey` of one key's. Waiting tasks are taken by
 * priority, and within a priority round robin over their keys (a key is whoever the work is for: a
 * player), each key's own tasks in order. So one key with sixty tasks waiting delays another key's one task
 * by at most one of its own, not sixty; with `perKey` below `concurrency`, by none: a place stays free.
 */
export class FairQueue {
  private running = 0;
  private readonly runningByKey = new Map<string, number>();
  /** Per priority, the waiting tasks by key. */
  private readonly lanes: Array<Map<string, Job[]>> = [new Map(), new Map(), new Map()];
  /** When each key with waiting tasks was last served (a count of tasks started): the longest unserved goes next. */
  private readonly served = new Map<string, number>();
  private started = 0;

  constructor(
    private readonly concurrency: number,
    private readonly perKey: number = concurrency,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number ≥ 1: ${concurrency}`);
    if (!Number.isInteger(perKey) || perKey < 1) throw new RangeError(`perKey must be a whole number ≥ 1: ${perKey}`);
  }

  /** How many tasks wait (not counting those running). */
  get waiting(): number {
    let count = 0;
    for (const lane of this.lanes) for (const jobs of lane.values()) count += jobs.length;
    return count;
  }

  run<T>(key: string, priority: QueuePriority, task: () => Promise<T>): QueuedTask<T> {
    let job!: Job;
    const result = new Promise<T>((resolve, reject) => {
      job = {
        key,
        priority,
        start: () => {
          this.running += 1;
          this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
          let settled: Promise<T>;
          try {
            settled = task();
          } catch (error) {
            settled = Promise.reject(error as Error);
          }
          settled.then(resolve, reject).finally(() => {
            this.running -= 1;
            const left = this.runningByKey.get(key)! - 1;
            if (left === 0) this.runningByKey.delete(key);
            else this.runningByKey.set(key, left);
            this.next();
          });
        },
      };
    });
    this.enqueue(job);
    this.next();
    return {
      result,
      raise: (to) => {
        if (to >= job.priority) return;
        const jobs = this.lanes[job.priority]!.get(job.key);
        const at = jobs?.indexOf(job) ?? -1;
        if (at < 0) return;
        jobs!.splice(at, 1);
        if (jobs!.length === 0) this.lanes[job.priority]!.delete(job.key);
        job.priority = to;
        this.enqueue(job);
        this.next();
      },
    };
  }

  private enqueue(job: Job): void {
    const lane = this.lanes[job.priority]!;
    const jobs = lane.get(job.key);
    if (jobs) jobs.push(job);
    else lane.set(job.key, [job]);
  }

  private next(): void {
    while (this.running < this.concurrency) {
      // The most urgent lane with a key that may start another task; in it the key served longest ago (one
      // never served, or idle since, first): a key that keeps tasks waiting is served in turn with every
      // other, whenever they came.
      let key: string | null = null;
      let lane: Map<string, Job[]> | null = null;
      for (const candidate of this.lanes) {
        let oldest = Number.POSITIVE_INFINITY;
        for (const waiting of candidate.keys()) {
          if ((this.runningByKey.get(waiting) ?? 0) >= this.perKey) continue;
          const last = this.served.get(waiting) ?? -1;
          if (last < oldest) [key, oldest] = [waiting, last];
        }
        if (key !== null) {
          lane = candidate;
          break;
        }
      }
      if (key === null || !lane) return;
      const jobs = lane.get(key)!;
      const job = jobs.shift()!;
      if (jobs.length === 0) lane.delete(key);
      this.served.delete(key);
      this.served.set(key, this.started++);
      // Keys served long ago and not waiting would come first anyway: past a bound, they are forgotten.
      if (this.served.size > MAX_REMEMBERED) {
        for (const old of this.served.keys()) {
          if (this.served.size <= MAX_REMEMBERED / 2) break;
          if (!this.lanes.some((other) => other.has(old))) this.served.delete(old);
        }
      }
      job.start();
    }
  }
}
