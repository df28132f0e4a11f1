import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ServerProcess } from './processes.js';
import type { PlayStyle } from './round-plan.js';
import { quiescence, until } from './waits.js';

export interface PhaseWindow {
  /** Commands in the first `warmupMs` are sent but not measured. */
  warmupMs: number;
  measureMs: number;
  style: PlayStyle;
  seed: number;
}

/** What one phase sent: marker moves and confirmed guesses, and the pushes its receivers got. */
export interface PhaseCounts {
  moves: number;
  guesses: number;
  /** Pushes (game views or relayed messages) that reached any socket of the phase. */
  received: number;
  /** Length of the sending window (warm-up and measured), without the drain. */
  seconds: number;
}

/** Latencies of one phase, in ms from the sender's emit. */
export interface PhaseLatencies {
  /** A confirmed guess to its receipt (the first push showing it confirmed) at the opponent and at every spectator. */
  opponent: number[];
  spectator: number[];
  /** A marker move to the mover's ack, and a confirmed guess to the guesser's ack. */
  moveAck: number[];
  guessAck: number[];
  /** Measured confirmed guesses that never reached that receiver. */
  lost: { opponent: number; spectator: number };
  /** Measured moves and guesses refused, or with no ack by the end of the phase's drain (30 s). */
  refused: number;
  unanswered: number;
}

export interface PhaseLoad {
  /** Server CPU over the phase as a share of one core. */
  serverCpu: number;
  /** Server CPU time per command (move or guess) sent, in ms: less sensitive to the machine's noise than latency. */
  serverCpuPerCommandMs: number;
  /** The part of it on the server's main thread (its event loop); the rest is worker threads and V8's helpers. */
  serverMainCpuPerCommandMs: number;
  /** Share of the phase in which some runnable task on the machine waited for a CPU (/proc/pressure/cpu), or null. */
  machineCpuPressure: number | null;
  clientCpu: number;
  /** The bench process's own event-loop delay p99: high means the clients, not the server, were slow. */
  clientLoopDelayP99Ms: number;
  movesPerSecond: number;
  guessesPerSecond: number;
  receivedPerSecond: number;
}

const LOOP_DELAY_RESOLUTION_MS = 10;

/** Measures the processes around one phase's run. */
export async function measured<T>(server: ServerProcess, run: () => Promise<T & PhaseCounts>): Promise<T & { load: PhaseLoad }> {
  const delay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  const [serverCpu, serverMainCpu, clientCpu, pressure, wall] = [server.cpuSeconds(), server.mainThreadCpuSeconds(), process.cpuUsage(), cpuPressureMicros(), performance.now()];
  delay.enable();
  const result = await run();
  delay.disable();
  const seconds = (performance.now() - wall) / 1000;
  const client = process.cpuUsage(clientCpu);
  const serverSeconds = server.cpuSeconds() - serverCpu;
  const serverMainSeconds = server.mainThreadCpuSeconds() - serverMainCpu;
  const pressureAfter = cpuPressureMicros();
  return {
    ...result,
    load: {
      serverCpu: serverSeconds / seconds,
      serverCpuPerCommandMs: (1000 * serverSeconds) / (result.moves + result.guesses),
      serverMainCpuPerCommandMs: (1000 * serverMainSeconds) / (result.moves + result.guesses),
      machineCpuPressure: pressure === null || pressureAfter === null ? null : (pressureAfter - pressure) / 1e6 / seconds,
      clientCpu: (client.user + client.system) / 1e6 / seconds,
      // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
      clientLoopDelayP99Ms: Math.max(0, delay.percentile(99) / 1e6 - LOOP_DELAY_RESOLUTION_MS),
      movesPerSecond: result.moves / result.seconds,
      guessesPerSecond: result.guesses / result.seconds,
      receivedPerSecond: result.received / result.seconds,
    },
  };
}

/** The machine's total time with some task waiting for a CPU, in µs (Linux PSI); null where not available. */
function cpuPressureMicros(): number | null {
  try {
    const total = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1];
    return total === undefined ? null : Number(total);
  } catch {
    return null;
  }
}

/** A marker move or a confirmed guess one player sent in a phase. */
export interface Sent {
  room: number;
  seat: 0 | 1;
  final: boolean;
  /** Names a confirmed guess in the receivers' records. */
  key: string;
  sentAt: number;
  ackedAt: number;
  refused: boolean;
  measured: boolean;
}

/**
 * The same accounting on both sides: `receipts` is when a confirmed guess reached each socket in that role
 * (the opponent; every spectator), undefined where it did not.
 */
export function phaseLatencies(log: readonly Sent[], receipts: (sent: Sent, receiver: 'opponent' | 'spectator') => Array<number | undefined>): PhaseLatencies {
  const result: PhaseLatencies = { opponent: [], spectator: [], moveAck: [], guessAck: [], lost: { opponent: 0, spectator: 0 }, refused: 0, unanswered: 0 };
  for (const sent of log) {
    if (!sent.measured) continue;
    if (sent.refused) {
      result.refused += 1;
      continue;
    }
    if (Number.isNaN(sent.ackedAt)) result.unanswered += 1;
    else (sent.final ? result.guessAck : result.moveAck).push(sent.ackedAt - sent.sentAt);
    if (!sent.final) continue;
    for (const receiver of ['opponent', 'spectator'] as const) {
      for (const at of receipts(sent, receiver)) {
        if (at === undefined) result.lost[receiver] += 1;
        else result[receiver].push(at - sent.sentAt);
      }
    }
  }
  return result;
}

/** The commands of the phase under way; players send through it. */
export class PhaseLog {
  readonly sent: Sent[] = [];
  inFlight = 0;

  constructor(
    readonly style: PlayStyle,
    readonly seed: number,
    private readonly measureFrom: number,
    private readonly measureTo: number,
  ) {}

  /** Emits a command now; `emit` gets the callback to call with the answer. */
  send(room: number, seat: 0 | 1, final: boolean, key: string, emit: (answered: (ok: boolean) => void) => void): void {
    const sentAt = performance.now();
    const sent: Sent = { room, seat, final, key, sentAt, ackedAt: Number.NaN, refused: false, measured: sentAt >= this.measureFrom && sentAt < this.measureTo };
    this.sent.push(sent);
    this.inFlight += 1;
    emit((ok) => {
      sent.ackedAt = performance.now();
      sent.refused = !ok;
      this.inFlight -= 1;
    });
  }
}

/** What each side does to run a phase: its players start and stop playing; `received` counts pushes so far. */
export interface Players {
  start(phase: PhaseLog): void;
  stop(): void;
  received(): number;
}

/** Warm-up, measured window, then the drain: every answer in (or 30 s), and the receivers quiet for 500 ms. */
export async function runPhase(window: PhaseWindow, players: Players): Promise<PhaseCounts & { log: Sent[] }> {
  const started = performance.now();
  const receivedBefore = players.received();
  const phase = new PhaseLog(window.style, window.seed, started + window.warmupMs, started + window.warmupMs + window.measureMs);
  players.start(phase);
  await new Promise((resolve) => setTimeout(resolve, window.warmupMs + window.measureMs));
  players.stop();
  const seconds = (performance.now() - started) / 1000;
  await until(() => phase.inFlight === 0, 30_000);
  await quiescence(players.received, 500, 10_000);
  const guesses = phase.sent.filter((sent) => sent.final).length;
  return { moves: phase.sent.length - guesses, guesses, received: players.received() - receivedBefore, seconds, log: phase.sent };
}
