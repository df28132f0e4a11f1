import type { GameEvent, GameMode, GameOrigin, GameSettings, LatLng } from '@globetrail/contracts';
import { type DecisionContext, isRejection } from '../decider.js';
import { fixedContext, spec } from '../testing/decider-spec.js';
import type { GameCommand, JoiningPlayer, ResolvedPicture } from './game.commands.js';
import { gameDecider } from './game.decider.js';
import type { Game } from './game.state.js';

/** Test clock: offsets in ms from a fixed instant. */
export const T0 = Date.parse('2026-11-21T12:00:00.000Z');
export const at = (offsetMs: number): DecisionContext => fixedContext(new Date(T0 + offsetMs).toISOString());
export const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

export const game = spec(gameDecider);
export const GAME_ID = 'g1';
export const map = { id: 'world', name: 'World', maxMapDistance: 20_037_500 };

export const ada: JoiningPlayer = { id: 'ada', name: 'Ada', isAnonymous: false, elo: 1200 };
export const bob: JoiningPlayer = { id: 'bob', name: 'Bob', isAnonymous: false, elo: 1000 };
export const cyd: JoiningPlayer = { id: 'cyd', name: 'Cyd', isAnonymous: false, elo: 1100 };
export const dan: JoiningPlayer = { id: 'dan', name: 'Dan', isAnonymous: true, elo: null };

export const places = {
  paris: { lat: 48.8584, lng: 2.2945 },
  brussels: { lat: 50.8503, lng: 4.3517 },
  london: { lat: 51.5074, lng: -0.1278 },
  tokyo: { lat: 35.6595, lng: 139.7005 },
} satisfies Record<string, LatLng>;

export const pictureAt = (target: LatLng): ResolvedPicture => ({
  target,
  panorama: { token: `tok-${target.lat}-${target.lng}-0000000000`, provider: 'local', imageId: `img-${target.lat}`, heading: 90 },
});

export const settings = (overrides: Partial<GameSettings> = {}): GameSettings => ({
  nr: 3,
  rl: 60,
  bl: false,
  gat: false,
  sga: false,
  mElo: null,
  s_hp: 6000,
  tag: null,
  ...overrides,
});

/**
 * A game played command by command on a test clock: every step goes through the decider, so the history a
 * test starts from is one the rules allow. A refused step fails the test with the refusal.
 */
export class Script {
  readonly events: GameEvent[] = [];
  now = 0;

  run(command: GameCommand): this {
    const decision = gameDecider.decide(command, this.state(), at(this.now));
    if (isRejection(decision)) throw new Error(`${command.type} refused at +${this.now} ms: ${decision.code} ${decision.message}`);
    this.events.push(...decision);
    return this;
  }

  wait(ms: number): this {
    this.now += ms;
    return this;
  }

  state(): Game {
    const state = this.events.reduce(gameDecider.evolve, gameDecider.initialState);
    if (state.status === 'none' && this.events.length > 0) throw new Error('the script has no game');
    return state as Game;
  }

  /** The decision for `command` now, for the when/then of a test. */
  when(command: GameCommand) {
    return game.given(this.events).when(command, at(this.now));
  }

  create(gameT: GameMode, overrides: Partial<GameSettings> = {}, origin: GameOrigin = 'private', host: JoiningPlayer = ada): this {
    return this.run({ type: 'CreateGame', gameId: GAME_ID, gameT, origin, settings: settings(overrides), map, host }).connect(host.id);
  }

  join(player: JoiningPlayer): this {
    return this.run({ type: 'JoinGame', gameId: GAME_ID, player });
  }

  connect(playerId: string): this {
    return this.run({ type: 'ConnectPlayer', gameId: GAME_ID, playerId });
  }

  disconnect(playerId: string): this {
    return this.run({ type: 'DisconnectPlayer', gameId: GAME_ID, playerId });
  }

  ready(...playerIds: string[]): this {
    for (const playerId of playerIds) this.run({ type: 'SetReady', gameId: GAME_ID, playerId, ready: true });
    return this;
  }

  /** Prepares the next round at `target` now and begins it when the countdown is over. */
  startRound(target: LatLng = places.paris): this {
    const roundIndex = this.state().rounds.length;
    this.run({ type: 'PrepareRound', gameId: GAME_ID, roundIndex, picture: pictureAt(target) });
    return this.wait(3_000).run({ type: 'BeginRound', gameId: GAME_ID, roundIndex });
  }

  guess(playerId: string, loc: LatLng, options: { final?: boolean; r?: number } = {}): this {
    return this.run(guess(playerId, this.state().cr, loc, options));
  }

  /** Waits out the result display, as the timer would before the next round. */
  nextRound(target: LatLng = places.paris): this {
    return this.wait(7_000).startRound(target);
  }
}

export const script = () => new Script();

export function guess(playerId: string, roundIndex: number, loc: LatLng, { final = true, r = -1 }: { final?: boolean; r?: number } = {}): GameCommand {
  return { type: 'PlaceGuess', gameId: GAME_ID, playerId, roundIndex, loc, r, final };
}

/** A game with `players` joined, connected and ready: launched (status G). */
export function launched(gameT: GameMode, players: JoiningPlayer[], overrides: Partial<GameSettings> = {}, origin: GameOrigin = 'private'): Script {
  const s = script().create(gameT, overrides, origin, players[0]);
  for (const player of players.slice(1)) s.join(player);
  return s.ready(...players.map((player) => player.id));
}

/** An arena match as matchmaking creates it (launched at once), with both players' sockets in the room. */
export function arena(host: JoiningPlayer = ada, opponent: JoiningPlayer = bob, overrides: Partial<GameSettings> = {}): Script {
  return script()
    .run({ type: 'CreateGame', gameId: GAME_ID, gameT: 'L', origin: 'arena', settings: settings(overrides), map, host, opponent })
    .connect(host.id)
    .connect(opponent.id);
}

export const typesOf = (decision: unknown) => (Array.isArray(decision) ? (decision as GameEvent[]).map((event) => event.type) : decision);

/** The event of `type` in a decision, for reading its payload. */
export function eventOf<T extends GameEvent['type']>(decision: unknown, type: T): Extract<GameEvent, { type: T }> {
  const found = Array.isArray(decision) ? (decision as GameEvent[]).find((event) => event.type === type) : undefined;
  if (!found) throw new Error(`no ${type} in ${JSON.stringify(typesOf(decision))}`);
  return found as Extract<GameEvent, { type: T }>;
}
