import { consoleLogging, Logger } from '../platform/logging/logger.js';
import { Worker } from 'node:worker_threads';
import { PositionWaiters } from './position-waiters.js';
import type { CommittedChange, ProjectionHandle, ProjectionsPort } from './projections.js';
import type { FromProjections, ProjectionsThreadData, ToProjections } from './projections-thread.protocol.js';

/** How long after an unexpected stop of the thread it is started again. */
const RESTART_DELAY_MS = 1000;

class RemoteRunner implements ProjectionHandle {
  readonly progress: PositionWaiters;
  private listeners = new Set<(changes: readonly CommittedChange[]) => void>();

  constructor(
    name: string,
    private readonly listen: () => void,
    private readonly hurry: (position: bigint) => void,
  ) {
    this.progress = new PositionWaiters(name);
  }

  get position(): bigint | null {
    return this.progress.position;
  }

  waitFor(position: bigint, timeoutMs?: number): Promise<void> {
    const reached = this.progress.position;
    if (reached === null || reached < position) this.hurry(position);
    return this.progress.waitFor(position, timeoutMs);
  }

  onCommitted(listener: (changes: readonly CommittedChange[]) => void): () => void {
    if (this.listeners.size === 0) this.listen();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listened(): boolean {
    return this.listeners.size > 0;
  }

  committed(changes: readonly CommittedChange[]): void {
    for (const listener of this.listeners) listener(changes);
  }
}

const remoteError = ({ name, message }: { name: string; message: string }) => Object.assign(new Error(message), { name });

/**
 * The projections on a worker thread of their own (projections.worker.ts), so that parsing events and
 * writing read models never holds up the event loop that answers commands and pushes game views. The
 * thread has its own connections to the two SQLite files; this thread keeps writing events, wakes the
 * projections after each commit (`wake`), tells them when someone waits for a position (`hurry`: the batch
 * holding it commits without waiting for the batch window), and learns each projection's position and,
 * for those somebody listens to, its writes. Read-your-writes waits resolve here as positions arrive. A thread that stops
 * unexpectedly is logged and started again; the projections resume from their checkpoints.
 */
export class ProjectionsOnThread implements ProjectionsPort {
  private readonly logger = new Logger('projections');
  private readonly runners: Map<string, RemoteRunner>;
  private worker: Worker | null = null;
  private stopping = false;
  private woken = false;
  private lastWake = Number.NEGATIVE_INFINITY;
  private nextId = 1;
  private readonly replies = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  constructor(
    names: readonly string[],
    private readonly script: URL,
    private readonly data: ProjectionsThreadData,
  ) {
    this.runners = new Map(
      names.map((name) => [
        name,
        new RemoteRunner(
          name,
          () => this.send({ type: 'listen', name }),
          (position) => this.send({ type: 'hurry', name, position }),
        ),
      ]),
    );
  }

  runner(name: string): RemoteRunner {
    const runner = this.runners.get(name);
    if (!runner) throw new Error(`no projection named ${name}`);
    return runner;
  }

  async start(): Promise<void> {
    this.stopping = false;
    const worker = new Worker(this.script, { name: 'projections', workerData: { ...this.data, log: consoleLogging() } satisfies ProjectionsThreadData });
    this.worker = worker;
    await new Promise<void>((resolve, reject) => {
      const failed = (error: unknown) => reject(new Error('the projections thread did not start', { cause: error }));
      worker.once('error', failed);
      worker.once('exit', (code) => failed(new Error(`exit code ${code}`)));
      worker.on('message', (message: FromProjections) => {
        if (message.type !== 'started') return this.receive(message);
        for (const [name, position] of Object.entries(message.positions)) this.runner(name).progress.restart(position);
        worker.removeAllListeners('error').removeAllListeners('exit');
        worker.on('error', (error) => this.logger.error(`the projections thread failed: ${error.stack ?? error.message}`));
        worker.on('exit', (code) => this.lost(worker, code));
        resolve();
      });
    });
    for (const [name, runner] of this.runners) if (runner.listened) this.send({ type: 'listen', name });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await this.request((id) => ({ type: 'stop', id }));
    await exited;
    this.worker = null;
  }

  /**
   * After each commit of the app's event store: the projections look for the new events. Their batches
   * gather events over the batch window anyway, so under load they are woken at most five times a window
   * (every 10 ms by default) rather than after every commit, which spares both threads most wake-ups; a
   * wait for a position wakes them at once (`hurry`).
   */
  wake(): void {
    if (this.woken) return;
    this.woken = true;
    const send = () => {
      this.woken = false;
      this.lastWake = Date.now();
      this.send({ type: 'wake' });
    };
    const wait = this.lastWake + this.data.batchWindowMs / 5 - Date.now();
    if (wait > 0) setTimeout(send, wait);
    else setImmediate(send);
  }

  async waitFor(position: bigint | null, names?: readonly string[]): Promise<void> {
    if (position === null) return;
    const runners = names ? names.map((name) => this.runner(name)) : [...this.runners.values()];
    await Promise.all(runners.map((runner) => runner.waitFor(position)));
  }

  async rebuild(names?: readonly string[]): Promise<void> {
    for (const name of names ?? []) this.runner(name);
    await this.request((id) => ({ type: 'rebuild', id, names: names ?? null }));
  }

  private send(message: ToProjections): void {
    this.worker?.postMessage(message);
  }

  private request(message: (id: number) => ToProjections): Promise<void> {
    if (!this.worker) return Promise.reject(new Error('the projections thread is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.replies.set(id, { resolve, reject });
      this.send(message(id));
    });
  }

  private receive(message: FromProjections): void {
    switch (message.type) {
      case 'progress':
        for (const [name, position] of Object.entries(message.positions)) this.runner(name).progress.reach(position);
        for (const { name, changes } of message.commits) this.runner(name).committed(changes);
        return;
      case 'failed':
        return this.runner(message.name).progress.fail(remoteError(message.error));
      case 'done': {
        for (const [name, position] of Object.entries(message.positions ?? {})) this.runner(name).progress.restart(position);
        const reply = this.replies.get(message.id);
        this.replies.delete(message.id);
        if (message.error) reply?.reject(remoteError(message.error));
        else reply?.resolve();
        return;
      }
      case 'started':
        return;
    }
  }

  private lost(worker: Worker, code: number): void {
    if (this.stopping || this.worker !== worker) return;
    this.worker = null;
    const error = new Error(`the projections thread stopped with exit code ${code}`);
    for (const reply of this.replies.values()) reply.reject(error);
    this.replies.clear();
    this.logger.error(`${error.message}; starting it again in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => {
      if (this.stopping) return;
      this.start().catch((cause: Error) => this.logger.error(`could not start the projections thread again: ${cause.message}`));
    }, RESTART_DELAY_MS).unref();
  }
}
