import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent } from '@globetrail/contracts';
import type { Decider, DecisionContext } from '../domain/decider.js';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import { type CommandOutcome, handleCommand, loadState } from '../platform/event-store/handle-command.js';
import type { Projections } from '../projections/projections.js';
import { DECISION_CONTEXT, EVENT_STORE, PROJECTIONS } from './tokens.js';

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
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTIONS) private readonly projections: Projections,
    @Inject(DECISION_CONTEXT) private readonly newContext: () => DecisionContext,
  ) {}

  context(): DecisionContext {
    return this.newContext();
  }

  load<S, E>(stream: string, decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>, beforeRevision?: bigint) {
    return loadState(this.events, stream, decider, beforeRevision);
  }

  async execute<S, C, E extends DomainEvent>(stream: string, decider: Decider<S, C, E>, command: C, options: ExecuteOptions): Promise<CommandOutcome<S, E>> {
    const context = options.context;
    const outcome = await handleCommand(this.events, stream, decider, command, context ? () => context : this.newContext, { userId: options.actor });
    await this.projections.waitFor(outcome.position, options.readModels);
    return outcome;
  }
}
