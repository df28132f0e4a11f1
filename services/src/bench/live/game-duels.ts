import { performance } from 'node:perf_hooks';
import { applyGameChanged, type ClientToServerEvents, type GameChanged, type GameView, type ServerToClientEvents } from '@globetrail/contracts';
import type { Socket } from 'socket.io-client';
import { command, connect, identity, post } from './clients.js';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A confirmed guess, named the same by its sender and its receivers; a round is told apart by when it starts. */
export const guessKey = (round: { startsAt: number }, playerId: string) => `${round.startsAt}|${playerId}`;

/** The bytes a message puts on a socket: Socket.IO's text frame, `42` then the event name and payload as JSON. */
export const frameBytes = (push: GameChanged) => Buffer.byteLength(`42${JSON.stringify(['GameChanged', push])}`);

/**
 * A socket's copy of its duel, kept as the browser keeps it: the whole view from JoinGame or WatchGame, then
 * every GameChanged applied in order (applyGameChanged); a gap asks for the whole view again (SyncGame).
 * Notes when it first saw each confirmed guess (as "has guessed" until the round ends), the size of the
 * message that showed it, and messages that came twice or out of order (must be none).
 */
export class GuessReceipts {
  private readonly firstSeen = new Map<string, number>();
  view: GameView | null = null;
  /** Messages that came before the view they build on (sent while the join was answered). */
  private early: GameChanged[] = [];
  outOfOrder = 0;
  gaps = 0;
  pushes = 0;
  /** Frame sizes of the messages that first showed a confirmed guess. */
  readonly confirmedBytes: number[] = [];

  constructor(private readonly resync: () => Promise<GameView>) {}

  /** The whole view, from an answer; messages that came before it are applied after it. */
  hold(view: GameView): void {
    if (!this.view || view.version >= this.view.version) this.view = view;
    const early = this.early.splice(0);
    for (const push of early) if (push.v > this.view.version) this.apply(push, performance.now());
  }

  record(push: GameChanged, at: number): GameView | null {
    this.pushes += 1;
    if (!this.view) {
      this.early.push(push);
      return null;
    }
    return this.apply(push, at);
  }

  at(key: string): number | undefined {
    return this.firstSeen.get(key);
  }

  private apply(push: GameChanged, at: number): GameView | null {
    const outcome = applyGameChanged(this.view!, push);
    if (outcome.kind === 'stale') {
      this.outOfOrder += 1;
      return null;
    }
    if (outcome.kind === 'gap') {
      this.gaps += 1;
      void this.resync().then((view) => this.hold(view));
      return null;
    }
    this.view = outcome.view;
    // A guess is confirmed in the current round; the round before may have just ended with it.
    let shown = false;
    for (const round of outcome.view.rounds.slice(-2)) {
      for (const guess of Object.values(round.gus)) {
        const key = guessKey(round, guess.pId);
        if (guess.isF && !this.firstSeen.has(key)) {
          this.firstSeen.set(key, at);
          shown = true;
        }
      }
    }
    if (shown) this.confirmedBytes.push(frameBytes(push));
    return outcome.view;
  }
}

/** The round a player is in, as their last push showed it; `nth` counts their rounds since setup. */
export interface PlayerRound {
  index: number;
  startsAt: number;
  nth: number;
  confirmed: boolean;
}

export interface Seat {
  uid: string;
  socket: GameSocket;
  receipts: GuessReceipts;
  round: PlayerRound | null;
  roundsStarted: number;
  markers: number;
  plan: { stop(): void } | null;
}

export interface Duel {
  index: number;
  gameId: string;
  /** The host, then the guest. */
  seats: [Seat, Seat];
  /** Everyone watching the duel (the live bench has one; the capacity bench a roomful). */
  spectators: Array<{ socket: GameSocket; receipts: GuessReceipts }>;
  restarting: boolean;
}

/** Every socket of a duel: the two players, then the spectators. */
export const duelSockets = (duel: Duel): GameSocket[] => [duel.seats[0].socket, duel.seats[1].socket, ...duel.spectators.map((spectator) => spectator.socket)];

/**
 * Two anonymous visitors make and join a duel without a round time limit, `watchers` others (each a visitor
 * of their own) watch it, both players get ready.
 */
export async function setUpDuel(url: string, index: number, watchers = 1): Promise<Duel> {
  const [host, guest, ...audience] = await Promise.all(Array.from({ length: 2 + watchers }, () => identity(url)));
  const [hostSocket, guestSocket, ...watcherSockets] = await Promise.all([host!, guest!, ...audience].map((visitor) => connect<GameSocket>(url, visitor.idToken)));
  // Made last, just before its players join: a lobby nobody joins for a while is abandoned (timers at CLOCK_SPEED).
  const { gameId } = (await post(url, '/games', host!.idToken, { gameT: 'D', rl: -1 })) as { gameId: string };
  const receipts = (socket: GameSocket) => new GuessReceipts(() => command(socket, 'SyncGame', { gameId }) as Promise<GameView>);
  const seat = (uid: string, socket: GameSocket): Seat => ({ uid, socket, receipts: receipts(socket), round: null, roundsStarted: 0, markers: 0, plan: null });
  return {
    index,
    gameId,
    seats: [seat(host!.user.uid, hostSocket!), seat(guest!.user.uid, guestSocket!)],
    spectators: watcherSockets.map((socket) => ({ socket, receipts: receipts(socket) })),
    restarting: false,
  };
}

/** Joins, watches and gets ready; the caller listens for messages first. */
export async function startDuel(duel: Duel): Promise<void> {
  const { gameId, seats, spectators } = duel;
  for (const seat of seats) seat.receipts.hold((await command(seat.socket, 'JoinGame', { gameId })) as GameView);
  await Promise.all(spectators.map(async (spectator) => spectator.receipts.hold((await command(spectator.socket, 'WatchGame', { gameId })) as GameView)));
  await command(seats[0].socket, 'SetReady', { gameId, ready: true });
  await command(seats[1].socket, 'SetReady', { gameId, ready: true });
}

/** The duel's game ended at the round cap: the host restarts it and both get ready again (rounds start from 0). */
export async function restartDuel(duel: Duel): Promise<void> {
  const { gameId, seats } = duel;
  await command(seats[0].socket, 'RestartGame', { gameId });
  await command(seats[0].socket, 'SetReady', { gameId, ready: true });
  await command(seats[1].socket, 'SetReady', { gameId, ready: true });
}
