import { performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { connect } from './clients.js';
import { type PhaseCounts, type PhaseLatencies, type PhaseLog, type PhaseWindow, phaseLatencies, runPhase, type Sent } from './phase.js';
import { markerAt, meetingPoint, play, roundPlan } from './round-plan.js';

/** What a player sends: the fields of a PlaceGuess, and what the relay and the players need to route and count it. */
interface EchoMove {
  room: string;
  seq: number;
  seat: 0 | 1;
  gameId: string;
  roundIndex: number;
  loc: { lat: number; lng: number };
  final: boolean;
}

interface EchoSeat {
  socket: Socket;
  /** The round this player is in, counted from setup, and whether they have confirmed it. */
  nth: number;
  confirmed: boolean;
  /** Seats whose confirmation of this round has come back to this socket. */
  finals: Set<0 | 1>;
  markers: number;
  plan: { stop(): void } | null;
}

interface Room {
  index: number;
  name: string;
  seats: [EchoSeat, EchoSeat];
  spectators: Socket[];
  /** Per socket (the two players, then the spectators): when each relayed confirmation arrived, by sequence number. */
  receipts: Array<Map<number, number>>;
}

/**
 * A baseline side (the bare or the durable echo): as many rooms and sockets as the game side (two players
 * and `watchers` spectators a room; rooms numbered from `first` as the game side's duels), players on
 * the same round plans, the relay forwarding every marker move and every confirmation to the whole room,
 * as a naive relay would. A
 * player's next round starts `transitionMs` after both confirmations of the last one reached them (the
 * game's countdown and result display at its clock speed).
 */
export class EchoLoad {
  private phase: PhaseLog | null = null;
  private seq = 0;
  private received = 0;

  private constructor(
    private readonly rooms: Room[],
    private readonly transitionMs: number,
    private readonly first: number,
  ) {}

  static async setUp(url: string, count: number, concurrency: number, transitionMs: number, watchers = 1, first = 0): Promise<EchoLoad> {
    const load = new EchoLoad(new Array<Room>(count), transitionMs, first);
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        const sockets = await Promise.all(Array.from({ length: 2 + watchers }, () => connect(url, null)));
        const seat = (socket: Socket): EchoSeat => ({ socket, nth: 0, confirmed: false, finals: new Set(), markers: 0, plan: null });
        const [host, guest, ...spectators] = sockets;
        const room: Room = {
          index: first + index,
          name: `room-${first + index}`,
          seats: [seat(host!), seat(guest!)],
          spectators,
          receipts: sockets.map(() => new Map<number, number>()),
        };
        sockets.forEach((socket, receiver) => socket.on('Moved', (move: EchoMove) => load.relayed(room, receiver, move)));
        await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.emit('JoinRoom', room.name, resolve))));
        load.rooms[index] = room;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    return load;
  }

  run(window: PhaseWindow): Promise<PhaseCounts & { log: Sent[] }> {
    return runPhase(window, {
      start: (phase) => {
        this.phase = phase;
        for (const room of this.rooms) for (const seat of [0, 1] as const) if (!room.seats[seat].confirmed) this.play(room, seat, phase);
      },
      stop: () => {
        this.phase = null;
        for (const room of this.rooms) {
          for (const seat of room.seats) {
            seat.plan?.stop();
            seat.plan = null;
          }
        }
      },
      received: () => this.received,
    });
  }

  /** A confirmation reaches a receiver when the relay forwards it; the phase's receipts are dropped afterwards. */
  latencies(log: readonly Sent[]): PhaseLatencies {
    const result = phaseLatencies(log, (sent, receiver) => {
      const { receipts } = this.rooms[sent.room - this.first]!;
      return (receiver === 'opponent' ? [receipts[1 - sent.seat]!] : receipts.slice(2)).map((at) => at.get(Number(sent.key)));
    });
    for (const room of this.rooms) for (const receipts of room.receipts) receipts.clear();
    return result;
  }

  close(): void {
    for (const room of this.rooms) for (const socket of [room.seats[0].socket, room.seats[1].socket, ...room.spectators]) socket.disconnect();
  }

  private relayed(room: Room, receiver: number, move: EchoMove): void {
    const at = performance.now();
    this.received += 1;
    if (!move.final) return;
    room.receipts[receiver]!.set(move.seq, at);
    const seat = room.seats[receiver];
    if (!seat || move.roundIndex !== seat.nth) return;
    seat.finals.add(move.seat);
    if (seat.finals.size === 2) setTimeout(() => this.begin(room, receiver as 0 | 1, move.roundIndex + 1), this.transitionMs);
  }

  private begin(room: Room, index: 0 | 1, nth: number): void {
    const seat = room.seats[index];
    [seat.nth, seat.confirmed] = [nth, false];
    seat.finals.clear();
    if (this.phase) this.play(room, index, this.phase);
  }

  private play(room: Room, index: 0 | 1, phase: PhaseLog): void {
    const seat = room.seats[index];
    const nth = seat.nth;
    const send = (final: boolean, loc: EchoMove['loc']) => {
      const seq = this.seq++;
      const move: EchoMove = { room: room.name, seq, seat: index, gameId: room.name, roundIndex: nth, loc, final };
      phase.send(room.index, index, final, String(seq), (answered) => seat.socket.emit('Move', move, (answer: { ok: boolean }) => answered(answer.ok)));
    };
    seat.plan?.stop();
    seat.plan = play(
      roundPlan(phase.style, phase.seed, room.index, index, nth),
      () => {
        if (!seat.confirmed) send(false, markerAt(seat.markers++, index));
      },
      () => {
        seat.confirmed = true;
        send(true, meetingPoint(nth));
      },
    );
  }
}
