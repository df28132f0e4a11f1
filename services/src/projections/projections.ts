import type { EventStore } from '../platform/event-store/event-store.port.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import type { Projection } from './projection.js';
import { ProjectionRunner } from './projection-runner.js';

/** Every projection of the process, each with its own runner and checkpoint. */
export class Projections {
  private readonly runners: Map<string, ProjectionRunner>;

  constructor(projections: readonly Projection[], events: EventStore, reads: ReadStore) {
    this.runners = new Map(projections.map((projection) => [projection.name, new ProjectionRunner(projection, events, reads)]));
  }

  runner(name: string): ProjectionRunner {
    const runner = this.runners.get(name);
    if (!runner) throw new Error(`no projection named ${name}`);
    return runner;
  }

  async start(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.start()));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
  }

  /** Read-your-writes: resolves when the named projections (all by default) have seen `position`. */
  async waitFor(position: bigint | null, names?: readonly string[]): Promise<void> {
    if (position === null) return;
    const runners = names ? names.map((name) => this.runner(name)) : [...this.runners.values()];
    await Promise.all(runners.map((runner) => runner.waitFor(position)));
  }

  async rebuild(names?: readonly string[]): Promise<void> {
    const runners = names ? names.map((name) => this.runner(name)) : [...this.runners.values()];
    for (const runner of runners) await runner.rebuild();
  }
}
