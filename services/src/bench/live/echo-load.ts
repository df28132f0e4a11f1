import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { connect } from './clients.js';
import { pace, quiescence, until } from './pacer.js';
import type { PhaseLatencies, PhaseWindow } from './phase.js';

interface Room {
  name: string;
  /** Two players, then the spectator. */
  sockets: [Socket, Socket, Socket];
  /** Per socket, receipt time by move sequence number. */
  receipts: [Map<number, number>, Map<number, number>, Map<number, number>];
}

interface EchoMove {
  room: number;
  seat: 0 | 1;
  sentAt: number;
  ackedAt: number;
  measured: boolean;
}

/**
 * The baseline side: the same number of rooms and sockets as the game side, the same schedule of moves,
 * and a message of the same shape as PlaceGuess; the echo server relays each move to its room.
 */
export class EchoLoad {
  private readonly moves: EchoMove[] = [];

  private constructor(private readonly rooms: Room[]) {}

  static async setUp(url: string, count: number, concurrency: number): Promise<EchoLoad> {
    const rooms = new Array<Room>(count);
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        const sockets = (await Promise.all([connect(url, null), connect(url, null), connect(url, null)])) as Room['sockets'];
        const room: Room = { name: `room-${index}`, sockets, receipts: [new Map(), new Map(), new Map()] };
        sockets.forEach((socket, i) => {
          socket.on('Moved', (move: { seq: number }) => room.receipts[i]!.set(move.seq, performance.now()));
        });
        await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.emit('JoinRoom', room.name, resolve))));
        rooms[index] = room;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    return new EchoLoad(rooms);
  }

  async run(window: PhaseWindow): Promise<{ moves: number; seconds: number; latencies: PhaseLatencies }> {
    const first = this.moves.length;
    const started = performance.now();
    const measureFrom = started + window.warmupMs;
    const measureTo = measureFrom + window.measureMs;
    let inFlight = 0;
    const pacer = pace({
      senders: this.rooms.length * 2,
      intervalMs: window.intervalMs,
      seed: window.seed,
      send: (sender) => {
        const [roomIndex, seat] = [Math.floor(sender / 2), (sender % 2) as 0 | 1];
        const room = this.rooms[roomIndex]!;
        const seq = this.moves.length;
        const sentAt = performance.now();
        const move: EchoMove = { room: roomIndex, seat, sentAt, ackedAt: Number.NaN, measured: sentAt >= measureFrom && sentAt < measureTo };
        this.moves.push(move);
        inFlight += 1;
        // The same fields as a PlaceGuess, plus what the relay needs to route and match it.
        room.sockets[seat].emit('Move', { room: room.name, seq, gameId: room.name, roundIndex: 0, loc: { lat: (seq % 160_000) / 1000 - 80, lng: 10 }, final: false }, () => {
          move.ackedAt = performance.now();
          inFlight -= 1;
        });
      },
    });
    await new Promise((resolve) => setTimeout(resolve, window.warmupMs + window.measureMs));
    pacer.stop();
    const seconds = (performance.now() - started) / 1000;
    await until(() => inFlight === 0, 30_000);
    await quiescence(() => this.rooms.reduce((sum, room) => sum + room.receipts[2].size, 0), 500, 10_000);
    return { moves: this.moves.length - first, seconds, latencies: this.latencies(first) };
  }

  close(): void {
    for (const room of this.rooms) for (const socket of room.sockets) socket.disconnect();
  }

  private latencies(first: number): PhaseLatencies {
    const result: PhaseLatencies = { opponent: [], spectator: [], ack: [], lost: { opponent: 0, spectator: 0 }, refused: 0, unanswered: 0 };
    for (let seq = first; seq < this.moves.length; seq++) {
      const move = this.moves[seq]!;
      if (!move.measured) continue;
      const room = this.rooms[move.room]!;
      if (Number.isNaN(move.ackedAt)) result.unanswered += 1;
      else result.ack.push(move.ackedAt - move.sentAt);
      const opponentAt = room.receipts[1 - move.seat]!.get(seq);
      const spectatorAt = room.receipts[2].get(seq);
      if (opponentAt === undefined) result.lost.opponent += 1;
      else result.opponent.push(opponentAt - move.sentAt);
      if (spectatorAt === undefined) result.lost.spectator += 1;
      else result.spectator.push(spectatorAt - move.sentAt);
    }
    // Receipts of this phase are no longer needed: keep memory flat across phases.
    for (const room of this.rooms) for (const receipts of room.receipts) receipts.clear();
    return result;
  }
}
