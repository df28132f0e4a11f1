import { performance } from 'node:perf_hooks';
import type { Ack, ClientToServerEvents, GameUpdated, GameView, ServerToClientEvents } from '@globetrail/contracts';
import type { Socket } from 'socket.io-client';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import { command, connect, identity, post } from './clients.js';
import { pace, quiescence, Receipts, until } from './pacer.js';
import type { PhaseLatencies, PhaseWindow } from './phase.js';

type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Seat {
  uid: string;
  socket: GameSocket;
  receipts: Receipts;
  moves: number;
}

interface Duel {
  gameId: string;
  seats: [Seat, Seat];
  spectator: { socket: GameSocket; receipts: Receipts; lastPush: GameUpdated | null };
  status: GameView['status'];
}

export interface Move {
  duel: number;
  seat: 0 | 1;
  lat: number;
  lng: number;
  sentAt: number;
  ackedAt: number;
  refused: boolean;
  measured: boolean;
}

/** Every marker position is unique per player, so each stored GuessPlaced names the move that caused it. */
const moveKey = (gameId: string, playerId: string, lat: number, lng: number) => `${gameId}|${playerId}|${lat}|${lng}`;

/**
 * The game side: N duels on the real app, each with two players and one spectator on their own sockets,
 * playing round 0 of a duel without a time limit. Players move their markers (non-final guesses); the
 * latency of a move is the time from its emit to the first GameUpdated, at the opponent and at the
 * spectator, whose version is at least the stored GuessPlaced's revision.
 */
export class GameLoad {
  private readonly moves: Move[] = [];
  private refusals = 0;
  private disconnected = 0;
  private closing = false;

  private constructor(private readonly duels: Duel[]) {
    for (const duel of duels) {
      for (const socket of [duel.seats[0].socket, duel.seats[1].socket, duel.spectator.socket]) {
        socket.on('disconnect', (reason) => {
          if (this.closing) return;
          if (this.disconnected++ < 5) console.error(`  a game socket was disconnected: ${reason}`);
        });
      }
    }
  }

  static async setUp(url: string, count: number, concurrency: number, progress: (done: number) => void): Promise<GameLoad> {
    const duels = new Array<Duel>(count);
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        duels[index] = await setUpDuel(url);
        progress(++done);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    const load = new GameLoad(duels);
    await load.allDuels((duel) => duel.status === 'SED', 'every duel to start round 0', 60_000);
    return load;
  }

  get sockets(): number {
    return this.duels.length * 3;
  }

  /** Runs one phase: warm-up, measured window, then waits for the last pushes. */
  async run(window: PhaseWindow): Promise<{ moves: number; seconds: number; log: Move[] }> {
    const first = this.moves.length;
    const started = performance.now();
    const measureFrom = started + window.warmupMs;
    const measureTo = measureFrom + window.measureMs;
    let inFlight = 0;
    const pacer = pace({
      senders: this.duels.length * 2,
      intervalMs: window.intervalMs,
      seed: window.seed,
      send: (sender) => {
        inFlight += 1;
        const move = this.move(Math.floor(sender / 2), (sender % 2) as 0 | 1, measureFrom, measureTo, () => (inFlight -= 1));
        this.moves.push(move);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, window.warmupMs + window.measureMs));
    pacer.stop();
    const seconds = (performance.now() - started) / 1000;
    const moves = this.moves.length - first;
    await until(() => inFlight === 0, 30_000);
    await quiescence(() => this.duels.reduce((sum, duel) => sum + duel.spectator.receipts.keys.length, 0), 500, 10_000);
    return { moves, seconds, log: this.moves.slice(first) };
  }

  /** Joins a phase's moves with the stored GuessPlaced revisions and the receipts. */
  latencies(moves: readonly Move[], events: readonly RecordedEvent[]): PhaseLatencies {
    const revisions = new Map<string, number>();
    for (const event of events) {
      if (event.type !== 'GuessPlaced') continue;
      const { playerId, loc } = event.data as { playerId: string; loc: { lat: number; lng: number } };
      revisions.set(moveKey(event.streamId.slice('game-'.length), playerId, loc.lat, loc.lng), Number(event.revision));
    }
    const result: PhaseLatencies = { opponent: [], spectator: [], ack: [], lost: { opponent: 0, spectator: 0 }, refused: 0, unanswered: 0 };
    for (const move of moves) {
      if (!move.measured) continue;
      if (move.refused) {
        result.refused += 1;
        continue;
      }
      const duel = this.duels[move.duel]!;
      const revision = revisions.get(moveKey(duel.gameId, duel.seats[move.seat].uid, move.lat, move.lng));
      if (Number.isNaN(move.ackedAt)) result.unanswered += 1;
      else result.ack.push(move.ackedAt - move.sentAt);
      const opponentAt = revision === undefined ? undefined : duel.seats[1 - move.seat]!.receipts.firstAtOrAfter(revision);
      const spectatorAt = revision === undefined ? undefined : duel.spectator.receipts.firstAtOrAfter(revision);
      if (opponentAt === undefined) result.lost.opponent += 1;
      else result.opponent.push(opponentAt - move.sentAt);
      if (spectatorAt === undefined) result.lost.spectator += 1;
      else result.spectator.push(spectatorAt - move.sentAt);
    }
    return result;
  }

  /** Sockets the server closed (a missed heartbeat under load, an error); none should be. */
  get dropped(): number {
    return this.disconnected;
  }

  /** Pushes that arrived out of version order at any socket (must be 0). */
  outOfOrder(): number {
    return this.duels.reduce((sum, duel) => sum + duel.seats[0].receipts.outOfOrder + duel.seats[1].receipts.outOfOrder + duel.spectator.receipts.outOfOrder, 0);
  }

  /** Mean size of the JSON of the spectators' last pushes: what each receiver gets per move. */
  pushBytes(): number {
    const sizes = this.duels.flatMap((duel) => (duel.spectator.lastPush ? [JSON.stringify(duel.spectator.lastPush).length] : []));
    return sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
  }

  close(): void {
    this.closing = true;
    for (const duel of this.duels) for (const socket of [duel.seats[0].socket, duel.seats[1].socket, duel.spectator.socket]) socket.disconnect();
  }

  private move(index: number, seat: 0 | 1, measureFrom: number, measureTo: number, settled: () => void): Move {
    const duel = this.duels[index]!;
    const player = duel.seats[seat];
    const n = player.moves++;
    // Unique per player for 320,000 moves, and always on the map.
    const [lat, lng] = [((n % 160_000) - 80_000) / 1000, seat === 0 ? 10 + (n % 2) : -10 - (n % 2)];
    const sentAt = performance.now();
    const move: Move = { duel: index, seat, lat, lng, sentAt, ackedAt: Number.NaN, refused: false, measured: sentAt >= measureFrom && sentAt < measureTo };
    player.socket.emit('PlaceGuess', { gameId: duel.gameId, roundIndex: 0, loc: { lat, lng }, final: false }, (ack: Ack<null>) => {
      move.ackedAt = performance.now();
      if (!ack.ok) {
        move.refused = true;
        if (this.refusals++ < 5) console.error(`  a move was refused: ${ack.error.code}: ${ack.error.message}`);
      }
      settled();
    });
    return move;
  }

  private async allDuels(condition: (duel: Duel) => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.duels.every(condition)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${this.duels.filter((duel) => !condition(duel)).length} of ${this.duels.length} not there`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Receipts keep only (version, time); the host's view status is kept for setup, the spectator's last push for its size. */
function track(duel: Duel): void {
  duel.seats[0].socket.on('GameUpdated', (push) => {
    duel.seats[0].receipts.record(push.version, performance.now());
    duel.status = push.view.status;
  });
  duel.seats[1].socket.on('GameUpdated', (push) => duel.seats[1].receipts.record(push.version, performance.now()));
  duel.spectator.socket.on('GameUpdated', (push) => {
    duel.spectator.receipts.record(push.version, performance.now());
    duel.spectator.lastPush = push;
  });
}

async function setUpDuel(url: string): Promise<Duel> {
  const [host, guest, watcher] = await Promise.all([identity(url), identity(url), identity(url)]);
  const { gameId } = (await post(url, '/games', host.idToken, { gameT: 'D', rl: -1 })) as { gameId: string };
  const [hostSocket, guestSocket, watcherSocket] = await Promise.all([connect(url, host.idToken), connect(url, guest.idToken), connect(url, watcher.idToken)]);
  const duel: Duel = {
    gameId,
    seats: [
      { uid: host.user.uid, socket: hostSocket, receipts: new Receipts(), moves: 0 },
      { uid: guest.user.uid, socket: guestSocket, receipts: new Receipts(), moves: 0 },
    ],
    spectator: { socket: watcherSocket, receipts: new Receipts(), lastPush: null },
    status: 'C',
  };
  track(duel);
  await command(hostSocket, 'JoinGame', { gameId });
  await command(guestSocket, 'JoinGame', { gameId });
  await command(watcherSocket, 'WatchGame', { gameId });
  await command(hostSocket, 'SetReady', { gameId, ready: true });
  await command(guestSocket, 'SetReady', { gameId, ready: true });
  return duel;
}
