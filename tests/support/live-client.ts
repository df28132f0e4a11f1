import { type Ack, applyGameChanged, type ClientToServerEvents, type GameChanged, type GameEvent, type GameView, type LatLng, type ServerToClientEvents } from '@globetrail/contracts';
import { io, type Socket } from 'socket.io-client';
import { EVENT_STORE } from '../../services/src/app/tokens.js';
import type { EventStore } from '../../services/src/platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../services/src/platform/event-store/domain-event.js';
import type { Player, TestApp } from './test-app.js';

type Command = keyof ClientToServerEvents & string;
type PayloadOf<K extends Command> = Parameters<ClientToServerEvents[K]>[0];
type ResultOf<K extends Command> = Parameters<Extract<Parameters<ClientToServerEvents[K]>[1], (...args: never[]) => unknown>>[0] extends Ack<infer R> ? R : never;

/**
 * A real socket.io-client as the browser uses it: it holds the whole view of each game it joined or watches
 * (from the answer, or a GET), applies every GameChanged to it in order (applyGameChanged), and asks for the
 * whole view again (SyncGame) when a message shows a gap. `messages` records every message as it came,
 * `pushes` every view a message brought (with its version).
 */
export class LiveClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  readonly views = new Map<string, GameView>();
  readonly messages: GameChanged[] = [];
  readonly pushes: Array<{ gameId: string; version: number; view: GameView }> = [];
  /** Gaps seen (each answered by a SyncGame). */
  gaps = 0;
  private readonly early = new Map<string, GameChanged[]>();
  private waiters: Array<() => void> = [];

  constructor(url: string, token: string) {
    this.socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.on('GameChanged', (message) => {
      this.messages.push(message);
      this.take(message);
    });
  }

  static async connect(t: TestApp, player: Pick<Player, 'token'>): Promise<LiveClient> {
    const client = new LiveClient(await t.app.getUrl(), player.token);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('connect', () => resolve());
      client.socket.once('connect_error', reject);
    });
    return client;
  }

  /** Holds a whole view (an answer, a GET) unless an as new one is held; messages that came before it follow. */
  hold(gameId: string, view: GameView): void {
    const held = this.views.get(gameId);
    if (!held || held.version < view.version || held.viewer.role !== view.viewer.role) this.views.set(gameId, view);
    const early = this.early.get(gameId) ?? [];
    this.early.delete(gameId);
    for (const message of early) this.take(message);
    this.wake();
  }

  private take(message: GameChanged): void {
    const held = this.views.get(message.gameId);
    if (!held) {
      // Sent while the join was being answered: applied once the answer is held.
      this.early.set(message.gameId, [...(this.early.get(message.gameId) ?? []), message]);
      return;
    }
    const outcome = applyGameChanged(held, message);
    if (outcome.kind === 'gap') {
      this.gaps += 1;
      void this.send('SyncGame', { gameId: message.gameId }).then((ack) => ack.ok && this.hold(message.gameId, ack.data));
      return;
    }
    if (outcome.kind === 'stale') return;
    this.views.set(message.gameId, outcome.view);
    this.pushes.push({ gameId: message.gameId, version: outcome.view.version, view: outcome.view });
    this.wake();
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Sends a command and returns its ack. */
  send<K extends Command>(name: K, payload: PayloadOf<K>): Promise<Ack<ResultOf<K>>> {
    return new Promise((resolve) => (this.socket.emit as (...args: unknown[]) => void)(name, payload, resolve));
  }

  /** Sends a command that must succeed; a JoinGame/WatchGame/SyncGame answer is held as the game's view. */
  async ok<K extends Command>(name: K, payload: PayloadOf<K>): Promise<ResultOf<K>> {
    const ack = await this.send(name, payload);
    if (!ack.ok) throw new Error(`${name} refused: ${ack.error.code}: ${ack.error.message}`);
    const data = ack.data as ResultOf<K>;
    if ((name === 'JoinGame' || name === 'WatchGame' || name === 'SyncGame') && data) this.hold((payload as { gameId: string }).gameId, data as unknown as GameView);
    return data;
  }

  view(gameId: string): GameView {
    const view = this.views.get(gameId);
    if (!view) throw new Error(`no view of ${gameId} yet`);
    return view;
  }

  /** Resolves with the game's view once it satisfies `condition`. */
  async until(gameId: string, condition: (view: GameView) => boolean, what = 'the condition', timeoutMs = 20_000): Promise<GameView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = this.views.get(gameId);
      if (view && condition(view)) return view;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last view: status ${view?.status} cr ${view?.cr} v${view?.version}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

/**
 * Answer-blind, message by message, for what `client` (a player, or null for a spectator) was sent: no
 * message carries a round's target unless it ends that round (or the game), and none carries another
 * player's marker (`sga` aside, which this does not allow).
 */
export async function expectAnswerBlindMessages(t: TestApp, gameId: string, client: LiveClient, playerId: string | null): Promise<void> {
  const targets = new Map<number, LatLng>();
  for (const event of await gameEvents(t, gameId)) if (event.type === 'RoundStarting') targets.set(event.data.roundIndex, event.data.target);
  const messages = client.messages.filter((message) => message.gameId === gameId);
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    const over = message.c.some((change) => change.k === 'game' && (change.set.status === 'G_ED' || change.set.status === 'G_ABON'));
    const ends = new Set(message.c.flatMap((change) => (change.k === 'round' && (change.round.ended || over) ? [change.round.index] : [])));
    for (const change of message.c) {
      if (change.k === 'guess' && change.g.pId !== playerId) expect(change.g.loc).toBeNull();
      if (change.k === 'round' && !ends.has(change.round.index)) expect(change.round.loc).toBeNull();
    }
    // The text too, a player's own guesses aside (a guess may be right on the target).
    const text = JSON.stringify({ ...message, c: message.c.filter((change) => !(change.k === 'guess' && change.g.pId === playerId)) });
    for (const [index, target] of targets) if (!ends.has(index)) expect(text).not.toContain(`"lat":${target.lat},"lng":${target.lng}`);
  }
}

/** Reads a game's events straight from the event store: what the server knows and no client may see early. */
export async function gameEvents(t: TestApp, gameId: string): Promise<GameEvent[]> {
  const store = t.app.get<EventStore>(EVENT_STORE);
  return (await store.readStream(`game-${gameId}`)).map((recorded) => toDomainEvent(recorded) as GameEvent);
}

export async function targetOf(t: TestApp, gameId: string, roundIndex: number): Promise<LatLng> {
  const starting = (await gameEvents(t, gameId)).find((event) => event.type === 'RoundStarting' && event.data.roundIndex === roundIndex);
  if (!starting || starting.type !== 'RoundStarting') throw new Error(`round ${roundIndex} of ${gameId} has no picture yet`);
  return starting.data.target;
}

/** A point `km` kilometres north of `at` (south near the north pole), for guesses at a known distance. */
export function offset(at: LatLng, km: number): LatLng {
  const degrees = km / 111.195;
  return { lat: at.lat + degrees <= 89 ? at.lat + degrees : at.lat - degrees, lng: at.lng };
}
