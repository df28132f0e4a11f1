import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ServerProcess } from './processes.js';

export interface PhaseWindow {
  /** Moves in the first `warmupMs` are sent but not measured. */
  warmupMs: number;
  measureMs: number;
  intervalMs: number;
  seed: number;
}

/** Latencies of one phase (ms from the sender's emit to receipt), per receiving role. */
export interface PhaseLatencies {
  opponent: number[];
  spectator: number[];
  /** Emit to the sender's ack. */
  ack: number[];
  /** Measured moves whose push never reached that receiver. */
  lost: { opponent: number; spectator: number };
  refused: number;
  /** Moves with no ack by the end of the phase's drain (30 s). */
  unanswered: number;
}

export interface PhaseLoad {
  /** Server CPU over the phase as a share of one core. */
  serverCpu: number;
  /** Server CPU time per move sent, in ms: the cost of a move, less sensitive to the machine's noise than latency. */
  serverCpuPerMoveMs: number;
  /** Share of the phase in which some runnable task on the machine waited for a CPU (/proc/pressure/cpu), or null. */
  machineCpuPressure: number | null;
  clientCpu: number;
  /** The bench process's own event-loop delay p99: high means the clients, not the server, were slow. */
  clientLoopDelayP99Ms: number;
  movesPerSecond: number;
}

const LOOP_DELAY_RESOLUTION_MS = 10;

/** Measures the processes around one phase's run. */
export async function measured<T>(server: ServerProcess, run: () => Promise<T & { moves: number; seconds: number }>): Promise<T & { load: PhaseLoad }> {
  const delay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  const [serverCpu, clientCpu, pressure, wall] = [server.cpuSeconds(), process.cpuUsage(), cpuPressureMicros(), performance.now()];
  delay.enable();
  const result = await run();
  delay.disable();
  const seconds = (performance.now() - wall) / 1000;
  const client = process.cpuUsage(clientCpu);
  const serverSeconds = server.cpuSeconds() - serverCpu;
  const pressureAfter = cpuPressureMicros();
  return {
    ...result,
    load: {
      serverCpu: serverSeconds / seconds,
      serverCpuPerMoveMs: (1000 * serverSeconds) / result.moves,
      machineCpuPressure: pressure === null || pressureAfter === null ? null : (pressureAfter - pressure) / 1e6 / seconds,
      clientCpu: (client.user + client.system) / 1e6 / seconds,
      // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
      clientLoopDelayP99Ms: Math.max(0, delay.percentile(99) / 1e6 - LOOP_DELAY_RESOLUTION_MS),
      movesPerSecond: result.moves / result.seconds,
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
