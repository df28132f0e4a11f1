import type { ReadStore } from '../platform/read-store/read-store.port.js';
import type { ProjectionHandle, ProjectionsPort } from './projections.js';

/** How often a process without the projector role looks at the read models' checkpoints while it waits. */
export const CHECKPOINT_POLL_MS = 20;
/** A read-your-writes wait gives up after this long: the projector is down or far behind. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 10_000;

/**
 * The read models as a process without the projector role sees them (ROLES without `projector`, e.g. the
 * relay or the process managers on the full stack): the projector runs elsewhere and writes each read
 * model's checkpoint with its documents, so "has it seen my write" is a look at that checkpoint, repeated
 * until it has. Such a process neither starts nor rebuilds projections, and hears of no commits.
 */
export class ReadStoreProjections implements ProjectionsPort {
  constructor(
    private readonly reads: ReadStore,
    private readonly names: readonly string[],
    private readonly pollMs = CHECKPOINT_POLL_MS,
    private readonly timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS,
  ) {}

  runner(name: string): ProjectionHandle {
    if (!this.names.includes(name)) throw new Error(`no projection named ${name}`);
    const wait = (position: bigint, timeoutMs?: number) => this.waitOne(name, position, timeoutMs ?? this.timeoutMs);
    return {
      get position(): bigint | null {
        throw new Error(`read model ${name}: its position is known to the projector role only; wait for a position instead`);
      },
      waitFor: wait,
      onCommitted(): () => void {
        throw new Error(`read model ${name}: commits are heard in the projector role only`);
      },
    };
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  async waitFor(position: bigint | null, names?: readonly string[]): Promise<void> {
    if (position === null) return;
    await Promise.all((names ?? this.names).map((name) => this.runner(name).waitFor(position)));
  }

  async rebuild(): Promise<void> {
    throw new Error('read models are rebuilt by the projector role');
  }

  private async waitOne(name: string, position: bigint, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoint = await this.reads.checkpoint(name);
      if (checkpoint !== null && checkpoint >= position) return;
      if (Date.now() >= deadline) throw new Error(`read model ${name} has not reached position ${position} within ${timeoutMs} ms (at ${checkpoint ?? 'nothing'}): is the projector running?`);
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }
}
