import { randomUUID } from 'node:crypto';
import { streamName } from '@globetrail/contracts';
import { ada, at, bob, GAME_ID, guess, launched, places } from '../domain/game/game.fixtures.js';
import { gameDecider } from '../domain/game/game.decider.js';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import { WrongExpectedRevisionError } from '../platform/event-store/event-store.port.js';
import { CommandRejectedError, handleCommand } from '../app/commands/handle-command.js';
import { toDomainEvent } from '../platform/event-store/domain-event.js';
import { StreamStateCache } from '../app/commands/stream-state-cache.js';
import { tempStores } from '../projections/testing/stores.js';

/** Counts the appends that lost a race, so the test knows the race really happened. */
function countingConflicts(store: EventStore) {
  let conflicts = 0;
  const append: EventStore['append'] = async (...args) => {
    try {
      return await store.append(...args);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) conflicts += 1;
      throw error;
    }
  };
  return { store: Object.assign(Object.create(store) as EventStore, { append }), conflicts: () => conflicts };
}

describe('the round timer racing the last guess', () => {
  // Ada has guessed; Bob's final guess and the timer (due at crft) arrive together.
  const script = launched('D', [ada, bob]).startRound().guess('ada', places.london);
  const round = script.state().rounds[0]!;
  const crft = round.crft!;
  const offset = crft - Date.parse('2026-11-21T12:00:00.000Z');
  const lastGuess = guess('bob', 0, places.brussels);
  const timer = { type: 'EndRound', gameId: GAME_ID, roundIndex: 0 } as const;

  it.each([
    ['the guess first', 'no', [lastGuess, timer]],
    ['the timer first', 'no', [timer, lastGuess]],
    ['the guess first', 'a shared', [lastGuess, timer]],
    ['the timer first', 'a shared', [timer, lastGuess]],
  ] as const)('appends exactly one RoundEnded when %s wins the append (%s state cache)', async (_, cache, order) => {
    const stores = tempStores();
    const stream = streamName.game(GAME_ID);
    try {
      await stores.events.append(
        stream,
        script.events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: event.version } })),
        'no_stream',
      );
      const { store, conflicts } = countingConflicts(stores.events);
      const states = cache === 'no' ? undefined : new StreamStateCache(store);
      if (states) await states.load(stream, gameDecider);
      // Both read the same revision before either appends: the loser must re-read and decide again.
      const outcomes = await Promise.allSettled(
        order.map((command) => handleCommand(store, stream, gameDecider, command, () => at(command.type === 'EndRound' ? offset : offset - 1), { states })),
      );

      const stored = (await stores.events.readStream(stream)).map(toDomainEvent);
      expect(stored.filter((event) => event.type === 'RoundEnded')).toHaveLength(1);
      expect(conflicts()).toBe(1);
      // The loser either found nothing left to do or was told the round is over; nothing failed otherwise.
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(CommandRejectedError);
        if (outcome.status === 'rejected') expect((outcome.reason as CommandRejectedError).rejection.code).toBe('round_over');
      }
    } finally {
      await stores.close();
    }
  });
});
