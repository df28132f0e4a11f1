import type { Ack, ClientToServerEvents, GameEvent, GameView, LatLng, ServerToClientEvents } from '@globetrail/contracts';
import { io, type Socket } from 'socket.io-client';
import { EVENT_STORE } from '../../services/src/app/tokens.js';
import type { EventStore } from '../../services/src/platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../services/src/platform/event-store/domain-event.js';
import type { Player, TestApp } from './test-app.js';

type Command = keyof ClientToServerEvents & string;
type PayloadOf<K extends Command> = Parameters<ClientToServerEvents[K]>[0];
type ResultOf<K extends Command> = Parameters<Extract<Parameters<ClientToServerEvents[K]>[1], (...args: never[]) => unknown>>[0] extends Ack<infer R> ? R : never;

/**
 * A real socket.io-client as the browser uses it: it keeps the newest view of each game, applies a push
 * only when its version is newer (Socket.IO delivers at most once), and records every push it saw.
 */
export class LiveClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  readonly views = new Map<string, GameView>();
  readonly pushes: Array<{ gameId: string; version: number; view: GameView }> = [];
  private waiters: Array<() => void> = [];

  constructor(url: string, token: string) {
    this.socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.on('GameUpdated', (push) => {
      this.pushes.push(push);
      this.hold(push.gameId, push.view);
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

  hold(gameId: string, view: GameView): void {
    const held = this.views.get(gameId);
    if (held && held.version >= view.version) return;
    this.views.set(gameId, view);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Sends a command and returns its ack. */
  send<K extends Command>(name: K, payload: PayloadOf<K>): Promise<Ack<ResultOf<K>>> {
    return new Promise((resolve) => (this.socket.emit as (...args: unknown[]) => void)(name, payload, resolve));
  }

  /** Sends a command that must succeed; a JoinGame/WatchGame answer is held as the game's view. */
  async ok<K extends Command>(name: K, payload: PayloadOf<K>): Promise<ResultOf<K>> {
    const ack = await this.send(name, payload);
    if (!ack.ok) throw new Error(`${name} refused: ${ack.error.code}: ${ack.error.message}`);
    const data = ack.data as ResultOf<K>;
    if ((name === 'JoinGame' || name === 'WatchGame') && data) this.hold((payload as { gameId: string }).gameId, data as unknown as GameView);
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
