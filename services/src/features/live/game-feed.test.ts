import { applyGameChanged, type GameChanged, type GameEvent, type GameMode, type GameView, gameChangedSchema, type LatLng } from '@globetrail/contracts';
import fc from 'fast-check';
import { isRejection } from '../../domain/decider.js';
import type { GameCommand, JoiningPlayer } from '../../domain/game/game.commands.js';
import { gameDecider } from '../../domain/game/game.decider.js';
import { ada, at, bob, cyd, dan, GAME_ID, map, pictureAt, places, settings, T0 } from '../../domain/game/game.fixtures.js';
import { type FullGameView, projectGameView } from '../../domain/game/game-view.js';
import type { Game } from '../../domain/game/game.state.js';
import { GameFeed, type Outgoing } from './game-feed.js';

const PEOPLE: readonly JoiningPlayer[] = [ada, bob, cyd, dan];
const SPOTS: readonly LatLng[] = [places.paris, places.brussels, places.london, places.tokyo];

/** A step of a random game: which command, and choices the command reads (who, where, how long after). */
type Step = { kind: number; who: number; spot: number; final: boolean; r: number; waitMs: number };

/** Kinds of step, weighted so that games launch, play rounds and end (see commandFor). */
const kindArb = fc.oneof(
  { weight: 6, arbitrary: fc.nat(15) },
  { weight: 3, arbitrary: fc.constantFrom(6, 7, 12) },
  { weight: 8, arbitrary: fc.constantFrom(8, 9, 10) },
  { weight: 1, arbitrary: fc.constantFrom(5, 15) },
);

const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: kindArb,
  who: fc.nat(3),
  spot: fc.nat(3),
  final: fc.boolean(),
  r: fc.constantFrom(0, 50_000, 2_000_000),
  waitMs: fc.constantFrom(0, 0, 500, 3_000, 3_000, 8_000, 16_000, 80_000),
});

/** The command a step asks for in this state; the decider may refuse it (the step is then skipped). */
function commandFor(step: Step, state: Game, gameT: GameMode): GameCommand {
  const person = PEOPLE[step.who]!;
  const playerId = person.id;
  const roundIndex = Math.max(0, state.rounds.at(-1)?.index ?? 0);
  switch (step.kind) {
    case 0:
      return { type: 'JoinGame', gameId: GAME_ID, player: person };
    case 1:
      return { type: 'LeaveGame', gameId: GAME_ID, playerId };
    case 2:
      return { type: 'ConnectPlayer', gameId: GAME_ID, playerId };
    case 3:
      return { type: 'DisconnectPlayer', gameId: GAME_ID, playerId };
    case 4:
      return { type: 'SetReady', gameId: GAME_ID, playerId, ready: step.final || state.status === 'C' };
    case 5:
      return { type: 'ChooseTeam', gameId: GAME_ID, playerId, team: step.final ? '1' : '0' };
    case 6:
      return { type: 'PrepareRound', gameId: GAME_ID, roundIndex: state.rounds.length === 0 ? 0 : roundIndex + 1, picture: pictureAt(SPOTS[step.spot]!) };
    case 7:
      return { type: 'BeginRound', gameId: GAME_ID, roundIndex };
    case 8:
    case 9:
    case 10:
      return { type: 'PlaceGuess', gameId: GAME_ID, playerId, roundIndex, loc: SPOTS[step.spot]!, r: gameT === 'C' ? step.r : -1, final: step.final };
    case 11:
      return { type: 'StartViewing', gameId: GAME_ID, playerId, roundIndex };
    case 12:
      return step.final ? { type: 'EndRound', gameId: GAME_ID, roundIndex } : { type: 'ForceEndRound', gameId: GAME_ID, playerId, roundIndex };
    case 13:
      return { type: 'CheckPresence', gameId: GAME_ID };
    case 14:
      return { type: 'PostChat', gameId: GAME_ID, playerId, messageId: `m${step.spot}${step.waitMs}`, text: `hello ${step.spot}` };
    default:
      return { type: 'RestartGame', gameId: GAME_ID, playerId: step.final ? state.hostId : playerId };
  }
}

/** A random game the rules allow: its events, each with the time it happened. */
function play(gameT: GameMode, overrides: Parameters<typeof settings>[0], steps: readonly Step[], seated: number): Array<{ event: GameEvent; now: number }> {
  let now = 0;
  const created: GameCommand =
    gameT === 'L'
      ? { type: 'CreateGame', gameId: GAME_ID, gameT, origin: 'arena', settings: settings(overrides), map, host: ada, opponent: bob }
      : { type: 'CreateGame', gameId: GAME_ID, gameT, origin: 'private', settings: settings(overrides), map, host: ada };
  const events: Array<{ event: GameEvent; now: number }> = [];
  let state: Game | null = null;
  const run = (command: GameCommand) => {
    const decision = gameDecider.decide(command, state ?? gameDecider.initialState, at(now));
    if (isRejection(decision)) return;
    for (const event of decision) {
      events.push({ event, now: T0 + now });
      state = gameDecider.evolve(state ?? gameDecider.initialState, event) as Game;
    }
  };
  run(created);
  // Most games start with a few players in and ready, so that the steps play rounds.
  for (const person of PEOPLE.slice(1, 1 + seated)) run({ type: 'JoinGame', gameId: GAME_ID, player: person });
  for (const person of PEOPLE.slice(0, 1 + seated)) run({ type: 'ConnectPlayer', gameId: GAME_ID, playerId: person.id });
  if (seated > 0) for (const person of PEOPLE.slice(0, 1 + seated)) run({ type: 'SetReady', gameId: GAME_ID, playerId: person.id, ready: true });
  for (const step of steps) {
    now += step.waitMs;
    run(commandFor(step, state!, gameT));
  }
  return events;
}

/** A socket's copy of a game: what it was sent, applied as a client applies it. */
class Client {
  view: GameView | null = null;
  resyncs = 0;
  dropNext = false;
  /** Set once a message was dropped, until a gap is noticed. */
  missing = false;

  constructor(readonly whole: () => GameView) {}

  take(message: GameChanged, forEveryone: boolean): void {
    expect(gameChangedSchema.parse(JSON.parse(JSON.stringify(message)))).toEqual(message);
    if (this.dropNext && forEveryone) {
      this.dropNext = false;
      this.missing = true;
      return;
    }
    const outcome = applyGameChanged(this.view!, message);
    // Whatever comes after a lost message shows the gap.
    if (this.missing) expect(outcome.kind).toBe('gap');
    if (outcome.kind === 'applied') this.view = outcome.view;
    if (outcome.kind === 'gap') {
      this.resyncs += 1;
      this.missing = false;
      this.view = this.whole();
    }
  }
}

/** Sends what one event produced to the clients that are in its audiences, as the gateway's rooms do. */
function deliver(out: Outgoing, players: ReadonlyMap<string, Client>, spectators: readonly Client[]): void {
  for (const [playerId, client] of players) {
    if (out.shared && !out.shared.except.includes(playerId)) client.take(out.shared.message, true);
    for (const own of out.own) if (own.playerId === playerId) client.take(own.message, out.shared !== null);
  }
  for (const client of spectators) {
    if (out.shared?.withSpectators) client.take(out.shared.message, true);
    if (out.spectators) client.take(out.spectators, true);
  }
}

/** A view's content: what a message changes (the version and the server's clock are the message's own). */
const content = ({ version: _v, serverNow: _n, ...rest }: GameView) => rest;

const modes = fc.constantFrom<GameMode>('D', 'L', 'T', 'A', 'C');
const gameSettings = fc.record({ sga: fc.boolean(), gat: fc.boolean(), nr: fc.constantFrom(1, 3), rl: fc.constantFrom(60, 3), s_hp: fc.constantFrom(6000, 2000) }).map((s) => ({ ...s, bl: s.rl < 5 }));

describe('GameFeed: whole views once, then small versioned changes', () => {
  it('a view at any version equals the view it joined with and every change since, for every audience and spectator delay', () => {
    // What the random games went through, so that the test shows it covered every event and every audience.
    const seen = new Set<string>();
    fc.assert(
      fc.property(modes, gameSettings, fc.array(stepArb, { minLength: 10, maxLength: 120 }), fc.nat(3), fc.nat(2), fc.array(fc.nat(), { maxLength: 6 }), (gameT, overrides, steps, seated, delay, joinAt) => {
        const events = play(gameT, overrides, steps, seated);
        let full: FullGameView | null = null;
        let feed: GameFeed | null = null;
        const players = new Map<string, Client>();
        const spectators: Client[] = [];
        const joins = new Set(joinAt.map((n) => n % events.length));
        events.forEach(({ event, now }, revision) => {
          full = projectGameView(full, event, revision);
          seen.add(event.type);
          if (!feed) {
            feed = new GameFeed(GAME_ID, full, delay);
          } else {
            const out = feed.apply(event, revision, now);
            if (out.spectators) seen.add('delayed spectators');
            if (out.shared?.withSpectators) seen.add('live spectators');
            if (out.own.length > 0 && !out.shared) seen.add('own only');
            // With sga, a confirmed player sees another's confirmed guess whole before the round ends.
            if (out.own.some(({ playerId, message }) => message.c.some((change) => change.k === 'guess' && change.g.pId !== playerId && change.g.loc !== null))) seen.add('sga reveal');
            deliver(out, players, spectators);
          }
          const f = feed;
          // Sockets come in at random points, in every phase: a player of the game (a reconnect, or a first
          // join), and a spectator, each with a whole view.
          if (joins.has(revision)) {
            for (const playerId of Object.keys(f.full.live.us)) {
              if (players.has(playerId)) continue;
              const client = new Client(() => f.playerView(playerId, now));
              client.view = client.whole();
              players.set(playerId, client);
              break;
            }
            const spectator = new Client(() => f.spectatorView(now));
            spectator.view = spectator.whole();
            spectators.push(spectator);
          }
          for (const [playerId, client] of players) {
            if (!(playerId in f.full.live.us)) {
              // Removed from the game (it had not started): their socket leaves the players' rooms.
              players.delete(playerId);
              continue;
            }
            expect(content(client.view!)).toEqual(content(f.playerView(playerId, now)));
            expect(client.view!.version).toBeLessThanOrEqual(f.version);
          }
          for (const client of spectators) expect(content(client.view!)).toEqual(content(f.spectatorView(now)));
        });
        expect(feed).not.toBeNull();
      }),
      // A fixed seed: the same games on every run (the coverage check below holds for them).
      { numRuns: 300, seed: 20261128 },
    );
    const wanted = ['PlayerJoined', 'PlayerLeft', 'HostChanged', 'PlayerTeamChosen', 'PlayerReadyChanged', 'PlayerConnected', 'PlayerDisconnected', 'GameLaunched', 'RoundStarting', 'RoundStarted', 'PlayerStartedViewing', 'GuessPlaced', 'RoundTimedOut', 'RoundEnded', 'GameEnded', 'GameAbandoned', 'GameRestarted', 'ChatMessagePosted'];
    expect([...wanted, 'delayed spectators', 'live spectators', 'own only', 'sga reveal'].filter((what) => !seen.has(what))).toEqual([]);
  });

  it('a receiver that missed a message sees a gap at its next one and takes the whole view again', () => {
    fc.assert(
      fc.property(modes, gameSettings, fc.array(stepArb, { minLength: 20, maxLength: 120 }), fc.nat(3), fc.nat(2), fc.nat(), (gameT, overrides, steps, seated, delay, dropAt) => {
        const events = play(gameT, overrides, steps, seated);
        let full: FullGameView | null = null;
        let feed: GameFeed | null = null;
        const players = new Map<string, Client>();
        const spectators: Client[] = [];
        events.forEach(({ event, now }, revision) => {
          full = projectGameView(full, event, revision);
          if (!feed) {
            feed = new GameFeed(GAME_ID, full, delay);
            const f = feed;
            const spectator = new Client(() => f.spectatorView(now));
            spectator.view = spectator.whole();
            spectators.push(spectator);
            return;
          }
          const f = feed;
          for (const playerId of Object.keys(f.full.live.us)) {
            if (players.has(playerId)) continue;
            const client = new Client(() => f.playerView(playerId, now));
            client.view = client.whole();
            players.set(playerId, client);
          }
          // From this event on, the next message each is sent for everyone (shared, or the spectators') is lost.
          if (revision === dropAt % events.length) for (const client of [...players.values(), ...spectators]) client.dropNext = true;
          deliver(f.apply(event, revision, now), players, spectators);
          for (const [playerId, client] of players) {
            if (!(playerId in f.full.live.us)) {
              players.delete(playerId);
              continue;
            }
            if (!client.missing) expect(content(client.view!)).toEqual(content(f.playerView(playerId, now)));
          }
          for (const client of spectators) if (!client.missing) expect(content(client.view!)).toEqual(content(f.spectatorView(now)));
        });
        const all = [...players.values(), ...spectators];
        expect(all.every((client) => client.resyncs <= 1)).toBe(true);
      }),
      { numRuns: 200, seed: 20261128 },
    );
  });
});
