import { randomUUID } from 'node:crypto';
import { Logger } from '../platform/logging/logger.js';
import { type BusSubscription, type MessageBus, topics } from '../platform/bus/message-bus.port.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import { fromCommitNotice } from './commit-notices.js';
import type { CommittedChange, ProjectionHandle, ProjectionsPort } from './projections.js';

/** How often a process without the projector role looks at the read models' checkpoints while it waits. */
export const CHECKPOINT_POLL_MS = 20;
/** A read-your-writes wait gives up after this long: the projector is down or far behind. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 10_000;

type Listener = (changes: readonly CommittedChange[]) => void;

/**
 * The read models as a process without the projector role sees them (ROLES without `projector`: the web
 * replicas, the relay, the process managers on the full stack). One projector writes each read model with
 * its checkpoint, so "has it seen my write" is a look at that checkpoint, repeated until it has. With a
 * bus, the process also hears the projector's commit notices (its own consumer group: every replica hears
 * every notice), which tell the gateways what to push and keep each read model's position current.
 * Such a process neither starts projections nor rebuilds them.
 */
export class ReadStoreProjections implements ProjectionsPort {
  private readonly logger = new Logger('read-models');
  private readonly positions = new Map<string, bigint | null>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscription: BusSubscription | null = null;

  constructor(
    private readonly reads: ReadStore,
    private readonly names: readonly string[],
    private readonly bus: MessageBus | null = null,
    private readonly pollMs = CHECKPOINT_POLL_MS,
    private readonly timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS,
  ) {}

  runner(name: string): ProjectionHandle {
    if (!this.names.includes(name)) throw new Error(`no projection named ${name}`);
    const positions = this.positions;
    return {
      get position(): bigint | null {
        return positions.get(name) ?? null;
      },
      waitFor: (position: bigint, timeoutMs?: number) => this.waitOne(name, position, timeoutMs ?? this.timeoutMs),
      onCommitted: (listener: Listener) => this.listen(name, listener),
    };
  }

  /** Reads where each read model is, then follows the projector's commit notices (with a bus). */
  async start(): Promise<void> {
    for (const name of this.names) this.positions.set(name, await this.reads.checkpoint(name));
    if (!this.bus) return;
    this.subscription = await this.bus.subscribe(topics.readModelCommits, { groupId: `read-models-${randomUUID()}` }, async (message) => {
      const { projection, position, changes } = fromCommitNotice(message.value);
      if (!this.names.includes(projection)) return;
      const known = this.positions.get(projection) ?? null;
      if (known !== null && position <= known) return;
      this.positions.set(projection, position);
      for (const listener of this.listeners.get(projection) ?? []) {
        try {
          listener(changes);
        } catch (error) {
          this.logger.warn(`a listener of ${projection} failed: ${(error as Error).message}`);
        }
      }
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  async waitFor(position: bigint | null, names?: readonly string[]): Promise<void> {
    if (position === null) return;
    await Promise.all((names ?? this.names).map((name) => this.runner(name).waitFor(position)));
  }

  async rebuild(): Promise<void> {
    throw new Error('read models are rebuilt by the projector role');
  }

  private listen(name: string, listener: Listener): () => void {
    if (!this.bus) throw new Error(`read model ${name}: commits are heard in the projector role, or through the bus (KAFKA_BROKERS)`);
    const listeners = this.listeners.get(name) ?? new Set();
    listeners.add(listener);
    this.listeners.set(name, listeners);
    return () => listeners.delete(listener);
  }

  private async waitOne(name: string, position: bigint, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const known = this.positions.get(name) ?? null;
      if (known !== null && known >= position) return;
      const checkpoint = await this.reads.checkpoint(name);
      if (checkpoint !== null && checkpoint >= position) {
        if (known === null || checkpoint > known) this.positions.set(name, checkpoint);
        return;
      }
      if (Date.now() >= deadline) throw new Error(`read model ${name} has not reached position ${position} within ${timeoutMs} ms (at ${checkpoint ?? 'nothing'}): is the projector running?`);
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }
}
