import { isGameEvent, streamName } from '@globetrail/contracts';
import { type FullGameView, projectGameView } from '../../domain/game/game-view.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../platform/event-store/domain-event.js';

/**
 * A game's full view folded from its own stream, from `view` on (null: from its start): every event stored
 * so far is in it. A game's stream holds a few hundred events at most (a 30-round duel about 400).
 */
export async function readGame(events: EventStore, gameId: string, view: FullGameView | null = null, onOther?: (type: string) => void): Promise<FullGameView | null> {
  let next = view;
  for (const recorded of await events.readStream(streamName.game(gameId), { fromRevision: view ? BigInt(view.live.version + 1) : 'start' })) {
    const event = toDomainEvent(recorded);
    if (!isGameEvent(event)) {
      onOther?.(event.type);
      continue;
    }
    next = projectGameView(next, event, Number(recorded.revision));
  }
  return next;
}
