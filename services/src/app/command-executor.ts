import { Inject, Injectable } from '@nestjs/common';
import { type DomainEvent, streamCategory } from '@globetrail/contracts';
import type { Decider, DecisionContext } from '../domain/decider.js';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import { type CommandOutcome, handleCommand, loadState } from './commands/handle-command.js';
import { KeyedQueue } from '../platform/concurrency/keyed-queue.js';
import { StreamStateCache } from './commands/stream-state-cache.js';
import type { ProjectionsPort } from '../projections/projections.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import { DECISION_CONTEXT, EVENT_STORE, METRICS, PROJECTIONS } from './tokens.js';

export interface ExecuteOptions {
  /** Who asked, recorded in each event's metadata. */
  actor: string;
  /** Read models the caller reads right after, which must include the new events (read-your-writes). */
  readModels: readonly string[];
  /** A context the caller already decided with (for ids it handed out first); a fresh one otherwise. */
  context?: DecisionContext;
}

/** What every command handler does: decide on the stream's state, append, and wait for the read side. */
@Injectable()
export class CommandExecutor {
  /** Every command and process manager reads game streams on each change: fold only what is new. */
  private readonly states: StreamStateCache;
  /**
   * Commands on one stream from this process take turns: two that decided on the same revision would only
   * make one of them fail its append, re-read and decide again (under load, again and again). Writers in
   * other processes are still met by the expected-revision check and the retry.
   */
  private readonly turns = new KeyedQueue();
  private readonly appendedListeners = new Set<(stream: string, events: readonly DomainEvent[], revision: bigint) => void>();

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionsPort,
    @Inject(DECISION_CONTEXT) private readonly newContext: () => DecisionContext,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {
    this.states = new StreamStateCache(events);
  }

  /**
   * Called with the events each command run here appended, as soon as they are stored (before the read
   * models are waited for): the gateway's feeds take them without waiting for the bus's copy.
   */
  onAppended(listener: (stream: string, events: readonly DomainEvent[], revision: bigint) => void): () => void {
    this.appendedListeners.add(listener);
    return () => this.appendedListeners.delete(listener);
  }

  context(): DecisionContext {
    return this.newContext();
  }

  load<S, E>(stream: string, decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>, beforeRevision?: bigint) {
    return beforeRevision === undefined ? this.states.load(stream, decider) : loadState(this.events, stream, decider, beforeRevision);
  }

  async execute<S, C, E extends DomainEvent>(stream: string, decider: Decider<S, C, E>, command: C, options: ExecuteOptions): Promise<CommandOutcome<S, E>> {
    const context = options.context;
    const category = streamCategory(stream);
    const timer = this.metrics.commandSeconds.startTimer({ category });
    const outcome = await this.turns.run(stream, () =>
      handleCommand(this.events, stream, decider, command, context ? () => context : this.newContext, { metadata: { userId: options.actor }, states: this.states }),
    );
    if (outcome.events.length > 0) {
      this.metrics.appendedEvents.inc({ category }, outcome.events.length);
      for (const listener of this.appendedListeners) listener(stream, outcome.events, outcome.revision!);
    }
    await this.projections.waitFor(outcome.position, options.readModels);
    timer();
    return outcome;
  }
}
