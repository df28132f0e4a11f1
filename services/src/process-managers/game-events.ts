import { Logger } from '@nestjs/common';
import { type DomainEvent, type DomainEventType, streamCategory } from '@globetrail/contracts';
import type { BusSubscription, MessageBus } from '../platform/bus/message-bus.port.js';
import { topics } from '../platform/bus/message-bus.port.js';
import { parseRelayedEvent, type ReceivedEvent } from '../platform/bus/relayed-event.js';
import { CommandRejectedError } from '../app/commands/handle-command.js';

/** Subscribes a consumer group to the relayed events of some stream categories (and, if given, types). */
export function consumeEvents(
  bus: MessageBus,
  groupId: string,
  categories: readonly string[],
  handle: (received: ReceivedEvent & { event: DomainEvent }) => Promise<void>,
  options: {
    types?: readonly DomainEventType[];
    /** Types passed over unparsed. */
    ignore?: readonly DomainEventType[];
    /** Passes over, unparsed, an event the consumer already has (by its stream and decimal revision). */
    known?: (streamId: string, revision: string) => boolean;
  } = {},
): Promise<BusSubscription> {
  const wanted = new Set(categories);
  const types = options.types ? new Set<string>(options.types) : null;
  const ignored = new Set<string>(options.ignore ?? []);
  const { known } = options;
  // Events are keyed by stream id and carry their type and revision in headers: the bus passes the others
  // over without a call (the in-process bus without even queueing them), and nothing here parses them.
  const accept = (key: string, headers: Readonly<Record<string, string>>) => {
    if (!wanted.has(streamCategory(key))) return false;
    const type = headers.type;
    if (type !== undefined && ((types && !types.has(type)) || ignored.has(type))) return false;
    const revision = headers.revision;
    return !(known && revision !== undefined && known(key, revision));
  };
  return bus.subscribe(topics.events, { groupId, accept }, async (message) => {
    // Asked again on delivery: `known` may have changed since, and a message without headers is judged here.
    if (!accept(message.key, message.headers)) return;
    const type = message.headers.type ?? (message.value as { type?: string }).type ?? '';
    if ((types && !types.has(type)) || ignored.has(type)) return;
    const received = parseRelayedEvent(message.value);
    if (wanted.has(streamCategory(received.streamId))) await handle(received);
  });
}

/**
 * For consumers that only need to know which stream moved on (they read its state themselves): the handler
 * gets the stream id of each relayed event of these categories, and no value is ever parsed.
 */
export function consumeStreamMoves(
  bus: MessageBus,
  groupId: string,
  categories: readonly string[],
  handle: (streamId: string) => Promise<void>,
  options: { ignore?: readonly DomainEventType[] } = {},
): Promise<BusSubscription> {
  const wanted = new Set(categories);
  const ignored = new Set<string>(options.ignore ?? []);
  const accept = (key: string, headers: Readonly<Record<string, string>>) => wanted.has(streamCategory(key)) && !(headers.type !== undefined && ignored.has(headers.type));
  return bus.subscribe(topics.events, { groupId, accept }, async (message) => {
    if (!accept(message.key, message.headers)) return;
    if (ignored.has(message.headers.type ?? (message.value as { type?: string }).type ?? '')) return;
    await handle(message.key);
  });
}

/**
 * Runs a command a process manager owes. A rejection means the game moved on without it (a guess ended
 * the round first, a retried delivery): expected under races, so it is noted and not retried.
 */
export async function runOwed(logger: Logger, what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof CommandRejectedError) logger.debug(`${what}: ${error.rejection.code} (${error.message})`);
    else throw error;
  }
}
