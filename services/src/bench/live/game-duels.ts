import type { ClientToServerEvents, GameUpdated, ServerToClientEvents } from '@globetrail/contracts';
import type { Socket } from 'socket.io-client';
import { command, connect, identity, post } from './clients.js';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A confirmed guess, named the same by its sender and its receivers; a round is told apart by when it starts. */
export const guessKey = (round: { startsAt: number }, playerId: string) => `${round.startsAt}|${playerId}`;

/**
 * When a socket first saw each confirmed guess: the first push in which it shows `isF` (as "has guessed"
 * until the round ends). Also counts pushes that came out of version order (must be none).
 */
export class GuessReceipts {
  private readonly firstSeen = new Map<string, number>();
  private lastVersion = -1;
  outOfOrder = 0;
  pushes = 0;

  record(push: GameUpdated, at: number): void {
    this.pushes += 1;
    if (push.version <= this.lastVersion) this.outOfOrder += 1;
    this.lastVersion = Math.max(this.lastVersion, push.version);
    // A guess is confirmed in the current round; the round before may have just ended with it.
    for (const round of push.view.rounds.slice(-2)) {
      for (const guess of Object.values(round.gus)) {
        const key = guessKey(round, guess.pId);
        if (guess.isF && !this.firstSeen.has(key)) this.firstSeen.set(key, at);
      }
    }
  }

  at(key: string): number | undefined {
    return this.firstSeen.get(key);
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
  spectators: Array<{ socket: GameSocket; receipts: GuessReceipts; lastPush: GameUpdated | null }>;
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
  const seat = (uid: string, socket: GameSocket): Seat => ({ uid, socket, receipts: new GuessReceipts(), round: null, roundsStarted: 0, markers: 0, plan: null });
  return {
    index,
    gameId,
    seats: [seat(host!.user.uid, hostSocket!), seat(guest!.user.uid, guestSocket!)],
    spectators: watcherSockets.map((socket) => ({ socket, receipts: new GuessReceipts(), lastPush: null })),
    restarting: false,
  };
}

/** Joins, watches and gets ready; the caller listens for pushes first. */
export async function startDuel(duel: Duel): Promise<void> {
  const { gameId, seats, spectators } = duel;
  await command(seats[0].socket, 'JoinGame', { gameId });
  await command(seats[1].socket, 'JoinGame', { gameId });
  await Promise.all(spectators.map((spectator) => command(spectator.socket, 'WatchGame', { gameId })));
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
