import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GameEvent, streamName } from '@globetrail/contracts';
import { ada, at, bob, GAME_ID, guess, launched, pictureAt, places } from '../../domain/game/game.fixtures.js';
import { gameDecider } from '../../domain/game/game.decider.js';
import type { Game } from '../../domain/game/game.state.js';
import type { EventStore, ReadStreamOptions } from '../../platform/event-store/event-store.port.js';
import { handleCommand, loadState } from './handle-command.js';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store.js';
import { StreamStateCache } from './stream-state-cache.js';

const stream = streamName.game(GAME_ID);
const playing = launched('D', [ada, bob]).startRound();
const now = at(playing.now + 1_000);
const asAppended = (events: GameEvent[]) => events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: event.version } }));
const markerOf = (state: unknown, playerId: string) => (state as Game).rounds[0]?.guesses[playerId]?.loc;

let dir: string;
let opened: SqliteEventStore[];
const open = (file = 'events.sqlite') => {
  const store = SqliteEventStore.open(join(dir, file));
  opened.push(store);
  return store;
};

/** The store, with every readStream call's options written down. */
function recording(store: EventStore) {
  const reads: ReadStreamOptions[] = [];
  const readStream: EventStore['readStream'] = (streamId, options = {}) => {
    reads.push(options);
    return store.readStream(streamId, options);
  };
  return { store: Object.assign(Object.create(store) as EventStore, { readStream }), reads };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'globetrail-state-cache-'));
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('StreamStateCache', () => {
  it('folds a stream once, then reads only the events after the revision it holds', async () => {
    const store = open();
    await store.append(stream, asAppended(playing.events), 'no_stream');
    const { store: watched, reads } = recording(store);
    const states = new StreamStateCache(watched);

    const first = await states.load(stream, gameDecider);
    expect(first.revision).toBe(BigInt(playing.events.length - 1));
    expect(first.state).toEqual((await loadState(store, stream, gameDecider)).state);

    await store.append(stream, asAppended([guessPlaced('ada', places.london)]), first.revision!);
    const second = await states.load(stream, gameDecider);

    expect(reads).toEqual([{}, { fromRevision: first.revision! + 1n }]);
    expect(second.revision).toBe(first.revision! + 1n);
    expect(markerOf(second.state, 'ada')).toEqual(places.london);
  });

  it('never answers from memory alone: what another process appended is in the next load', async () => {
    const ours = open();
    await ours.append(stream, asAppended(playing.events), 'no_stream');
    const states = new StreamStateCache(ours);
    const before = await states.load(stream, gameDecider);

    const theirs = open();
    await theirs.append(stream, asAppended([guessPlaced('bob', places.brussels)]), before.revision!);

    const after = await states.load(stream, gameDecider);
    expect(markerOf(after.state, 'bob')).toEqual(places.brussels);
    expect(after).toEqual(await loadState(theirs, stream, gameDecider));
  });

  it('gives, after every command by either of two writers, the state a fresh fold of the stream gives', async () => {
    const store = open();
    await store.append(stream, asAppended(playing.events), 'no_stream');
    const { store: watched, reads } = recording(store);
    const [ours, theirs] = [new StreamStateCache(watched), new StreamStateCache(store)];
    const steps = [
      { states: ours, command: guess('ada', 0, places.london, { final: false }) },
      { states: theirs, command: guess('bob', 0, places.paris, { final: false }) },
      { states: ours, command: guess('ada', 0, places.brussels, { final: false }) },
      { states: theirs, command: guess('bob', 0, places.london, { final: true }) },
      { states: ours, command: guess('ada', 0, places.paris, { final: true }) },
    ];
    for (const { states, command } of steps) {
      await handleCommand(states.store, stream, gameDecider, command, () => now, { states });
      const fresh = await loadState(store, stream, gameDecider);
      expect(await ours.load(stream, gameDecider)).toEqual(fresh);
      expect(await theirs.load(stream, gameDecider)).toEqual(fresh);
    }
    expect((await loadState(store, stream, gameDecider)).state).toMatchObject({ status: 'R_ED' });
    // Only the first read folded the whole stream.
    expect(reads.filter((options) => options.fromRevision === undefined)).toHaveLength(1);
  });

  it('drops a state the store no longer backs (a replaced database) at the first conflict, and decides again on the store', async () => {
    const longer = open('longer.sqlite');
    const shorter = open('shorter.sqlite');
    await longer.append(stream, asAppended([...playing.events, guessPlaced('ada', places.london), guessPlaced('bob', places.paris)]), 'no_stream');
    await shorter.append(stream, asAppended(playing.events), 'no_stream');
    let current: EventStore = longer;
    const switching: EventStore = {
      append: (...args) => current.append(...args),
      readStream: (...args) => current.readStream(...args),
      readAll: (...args) => current.readAll(...args),
      subscribeToAll: (...args) => current.subscribeToAll(...args),
      close: async () => undefined,
    };
    const states = new StreamStateCache(switching);
    await states.load(stream, gameDecider);

    current = shorter;
    await handleCommand(switching, stream, gameDecider, guess('ada', 0, places.brussels, { final: false }), () => now, { states });

    const stored = await loadState(shorter, stream, gameDecider);
    expect(stored.revision).toBe(BigInt(playing.events.length));
    expect(markerOf(stored.state, 'ada')).toEqual(places.brussels);
    expect(markerOf(stored.state, 'bob')).toBeUndefined();
    expect(await states.load(stream, gameDecider)).toEqual(stored);
  });

  it('decides a command on the state it holds without reading the stream: the append checks the revision', async () => {
    const store = open();
    await store.append(stream, asAppended(playing.events), 'no_stream');
    const { store: watched, reads } = recording(store);
    const states = new StreamStateCache(watched);
    await states.load(stream, gameDecider);
    reads.length = 0;

    const outcome = await handleCommand(watched, stream, gameDecider, guess('ada', 0, places.london, { final: false }), () => now, { states });
    expect(reads).toEqual([]);
    expect(outcome.revision).toBe(BigInt(playing.events.length));
    expect(await loadState(store, stream, gameDecider)).toEqual({ state: outcome.state, revision: outcome.revision });
  });

  it('checks a refusal decided on the state it holds against the store before answering it', async () => {
    const counting = launched('D', [ada, bob]).run({ type: 'PrepareRound', gameId: GAME_ID, roundIndex: 0, picture: pictureAt(places.paris) });
    const started = counting.events.length;
    counting.wait(3_000).run({ type: 'BeginRound', gameId: GAME_ID, roundIndex: 0 });
    const store = open();
    await store.append(stream, asAppended(counting.events.slice(0, started)), 'no_stream');
    const states = new StreamStateCache(store);
    // Held in the countdown, when a guess is refused…
    expect((await states.load(stream, gameDecider)).state).toMatchObject({ status: 'SIN' });
    // …while another process began the round.
    await open().append(stream, asAppended(counting.events.slice(started)), BigInt(started - 1));

    const outcome = await handleCommand(store, stream, gameDecider, guess('ada', 0, places.london), () => at(counting.now + 1_000), { states });
    expect(outcome.events.map((event) => event.type)).toEqual(['GuessPlaced']);
    expect(outcome.revision).toBe(BigInt(counting.events.length));
  });

  it('keeps states per decider, and at most `capacity` streams, dropping the least recently used', async () => {
    const store = open();
    const counting = { initialState: 0, evolve: (count: number) => count + 1 };
    for (const id of ['a', 'b', 'c']) await store.append(streamName.game(id), asAppended(playing.events), 'no_stream');
    const { store: watched, reads } = recording(store);
    const states = new StreamStateCache(watched, 2);

    expect((await states.load(streamName.game('a'), counting)).state).toBe(playing.events.length);
    expect((await states.load(streamName.game('a'), gameDecider)).state).toMatchObject({ status: 'SED' });
    await states.load(streamName.game('b'), counting);
    await states.load(streamName.game('a'), counting);
    await states.load(streamName.game('c'), counting);
    expect(states.size).toBe(2);

    // 'b' was the least recently used: only it is folded from the start again.
    reads.length = 0;
    expect((await states.load(streamName.game('a'), counting)).state).toBe(playing.events.length);
    expect((await states.load(streamName.game('b'), counting)).state).toBe(playing.events.length);
    expect(reads).toEqual([{ fromRevision: BigInt(playing.events.length) }, {}]);
  });
});

function guessPlaced(playerId: string, loc: { lat: number; lng: number }): GameEvent {
  return { type: 'GuessPlaced', version: 1, data: { roundIndex: 0, playerId, loc, r: -1, isF: false, at: now.now.toISOString() } } as GameEvent;
}
