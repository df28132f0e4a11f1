/**
 * One client process of the capacity bench: it holds its share of the duels (two players and W spectators
 * each) on the game and the same rooms on the durable echo, and plays a phase on either side when told.
 * Every duel lives wholly in one process, so a guess's emit and its receipts are timed on one clock.
 * Driven over IPC by capacity-bench.ts; answers every request with one message.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { EchoLoad } from '../live/echo-load.js';
import { GameLoad } from '../live/game-load.js';
import type { PhaseLatencies, PhaseWindow } from '../live/phase.js';

export interface WorkerSetup {
  type: 'setup';
  gameUrl: string;
  echoUrl: string;
  /** The duels this process holds: numbers first … first + count − 1. */
  first: number;
  count: number;
  watchers: number;
  concurrency: number;
  /** Between two rounds on the echo: the game's countdown and result display at its clock speed. */
  transitionMs: number;
}

export type WorkerRequest = WorkerSetup | { type: 'run'; side: 'game' | 'durable'; window: PhaseWindow } | { type: 'facts' } | { type: 'close' };

export interface WorkerPhase {
  type: 'ran';
  latencies: PhaseLatencies;
  moves: number;
  guesses: number;
  received: number;
  seconds: number;
  /** This process's CPU over the phase as a share of one core, and its event-loop delay p99. */
  cpu: number;
  loopDelayP99Ms: number;
}

export interface WorkerFacts {
  type: 'facts';
  sockets: number;
  pushBytes: number;
  outOfOrder: number;
  gaps: number;
  dropped: number;
  restarts: number;
  restartFailures: number;
}

const LOOP_DELAY_RESOLUTION_MS = 10;

let game: GameLoad | null = null;
let echo: EchoLoad | null = null;

function answer(message: object): void {
  process.send!(message);
}

async function handle(request: WorkerRequest): Promise<void> {
  switch (request.type) {
    case 'setup': {
      const { gameUrl, echoUrl, first, count, watchers, concurrency, transitionMs } = request;
      game = await GameLoad.setUp(gameUrl, count, concurrency, () => undefined, watchers, first);
      echo = await EchoLoad.setUp(echoUrl, count, concurrency, transitionMs, watchers, first);
      return answer({ type: 'ready', sockets: game.sockets });
    }
    case 'run': {
      const load = request.side === 'game' ? game! : echo!;
      const delay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
      const [cpu, wall] = [process.cpuUsage(), performance.now()];
      delay.enable();
      const { log, ...counts } = await load.run(request.window);
      delay.disable();
      const used = process.cpuUsage(cpu);
      const phase: WorkerPhase = {
        type: 'ran',
        latencies: load.latencies(log),
        ...counts,
        cpu: (used.user + used.system) / 1e3 / (performance.now() - wall),
        loopDelayP99Ms: Math.max(0, delay.percentile(99) / 1e6 - LOOP_DELAY_RESOLUTION_MS),
      };
      return answer(phase);
    }
    case 'facts': {
      const facts: WorkerFacts = {
        type: 'facts',
        sockets: game!.sockets,
        pushBytes: game!.pushBytes(),
        outOfOrder: game!.outOfOrder(),
        gaps: game!.gaps(),
        dropped: game!.dropped,
        restarts: game!.restarts,
        restartFailures: game!.restartFailures,
      };
      return answer(facts);
    }
    case 'close':
      game?.close();
      echo?.close();
      return answer({ type: 'closed' });
  }
}

process.on('message', (request: WorkerRequest) => {
  handle(request).catch((error: Error) => answer({ type: 'failed', message: error.stack ?? error.message }));
});
