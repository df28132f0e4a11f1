import { Worker } from 'node:worker_threads';

/** What the pool posts to a worker: one request at a time per worker. */
export interface WorkerRequest<Request> {
  id: number;
  request: Request;
}

/** What a worker posts back (see `answerRequests`). */
export type WorkerReply<Response> =
  | { id: number; ok: true; value: Response }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

export interface WorkerPoolOptions {
  /** How many threads at most; each runs one request at a time. */
  size: number;
  /** Names the threads (as debuggers and `top -H` show them) and the errors. */
  name: string;
}

interface Job<Request, Response> {
  id: number;
  request: Request;
  resolve: (value: Response) => void;
  reject: (error: Error) => void;
}

interface Slot<Request, Response> {
  worker: Worker;
  job: Job<Request, Response> | null;
}

function remoteError({ name, message, stack }: { name: string; message: string; stack?: string }): Error {
  const error = new Error(message);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

/**
 * Runs CPU-heavy requests on worker threads so the event loop that serves HTTP and sockets keeps
 * turning. Threads start on the first request and stay (they keep their warmed-up JIT and fonts); a
 * thread that crashes fails only its own request and is replaced when the next one comes. An idle pool
 * does not keep the process alive, a busy one does; `close` ends every thread.
 */
export class WorkerPool<Request, Response> {
  private readonly slots = new Set<Slot<Request, Response>>();
  private readonly queue: Job<Request, Response>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly script: URL,
    private readonly options: WorkerPoolOptions,
  ) {
    if (!Number.isInteger(options.size) || options.size < 1) {
      throw new RangeError(`a worker pool needs at least one thread, not ${options.size}`);
    }
  }

  run(request: Request): Promise<Response> {
    if (this.closed) return Promise.reject(new Error(`the ${this.options.name} workers are closed`));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.dispatch();
    });
  }

  /** Rejects what is queued or running, and resolves once every thread has stopped. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error(`the ${this.options.name} workers were closed`);
    for (const job of this.queue.splice(0)) job.reject(error);
    const slots = [...this.slots];
    this.slots.clear();
    await Promise.all(
      slots.map((slot) => {
        slot.job?.reject(error);
        slot.job = null;
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot: Slot<Request, Response> | null;
      try {
        slot = this.idleSlot();
      } catch (error) {
        this.queue.shift()!.reject(new Error(`cannot start a ${this.options.name} worker`, { cause: error }));
        continue;
      }
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      try {
        slot.worker.postMessage({ id: job.id, request: job.request } satisfies WorkerRequest<Request>);
      } catch (error) {
        this.finish(slot);
        job.reject(new Error(`cannot send a request to the ${this.options.name} worker`, { cause: error }));
      }
    }
  }

  private idleSlot(): Slot<Request, Response> | null {
    for (const slot of this.slots) if (!slot.job) return slot;
    return this.slots.size < this.options.size ? this.spawn() : null;
  }

  private spawn(): Slot<Request, Response> {
    const worker = new Worker(this.script, { name: this.options.name });
    worker.unref();
    const slot: Slot<Request, Response> = { worker, job: null };
    this.slots.add(slot);
    const name = this.options.name;
    worker.on('message', (reply: WorkerReply<Response>) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      this.finish(slot);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new Error(`the ${name} worker failed: ${reply.error.message}`, { cause: remoteError(reply.error) }));
      this.dispatch();
    });
    worker.on('messageerror', (error) => {
      this.lose(slot, new Error(`the ${name} worker sent a reply that cannot be read`, { cause: error }));
    });
    // A thrown error is followed by 'exit'; whichever comes first fails the request and drops the thread.
    worker.on('error', (error: unknown) => {
      const reason = (error as Error | undefined)?.message ?? String(error);
      this.lose(slot, new Error(`the ${name} worker crashed: ${reason}`, { cause: error }));
    });
    worker.on('exit', (code) => this.lose(slot, new Error(`the ${name} worker stopped with exit code ${code}`)));
    return slot;
  }

  private finish(slot: Slot<Request, Response>): void {
    slot.job = null;
    slot.worker.unref();
  }

  private lose(slot: Slot<Request, Response>, error: Error): void {
    if (!this.slots.delete(slot)) return;
    const job = slot.job;
    slot.job = null;
    // Already stopping after a crash or exit; a thread that sent an unreadable reply is stopped here.
    void slot.worker.terminate();
    job?.reject(error);
    this.dispatch();
  }
}
