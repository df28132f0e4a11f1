/**
 * Capacity of one gateway process: BENCH_SOCKETS (10,000) sockets held by the real app, each getting about
 * a push a second, against the durable echo holding the same sockets in the same rooms, in the same run.
 *
 * The app runs as in `npm start` (node services/dist/main.js, embedded adapters, a fresh DATA_DIR) in its own
 * process, with SPECTATOR_DELAY_PHASES=0 and CLOCK_SPEED=BENCH_CLOCK_SPEED (10: the 3 s countdown and 7 s
 * result display take 1 s together). The clients run in BENCH_CLIENT_PROCESSES (2) other processes, each
 * holding whole duels, so a guess's emit and its receipts are timed on one clock. A duel has two players and
 * BENCH_WATCHERS (8) spectators, every one an anonymous visitor on their own socket: 10 sockets a duel, 1,000
 * duels for 10,000 sockets.
 *
 * Load: the live bench's players (live-bench.ts), tuned so every socket gets about a push a second: in each
 * round a player moves their marker every BENCH_MOVE_MS (2 s) on average and confirms uniform in
 * [BENCH_THINK_MIN_MS, BENCH_THINK_MAX_MS] (2–4 s) after the round starts; both confirm the same point. Every
 * socket of the duel gets a push when a guess is confirmed, when the round ends and when the next begins;
 * a marker move reaches only its mover. Duels at the round cap are restarted by their host.
 *
 * Measured: the push latency of a confirmed guess, its emit → the first push showing it confirmed, at the
 * opponent and at every spectator (all receivers together); the gateway's RSS from /proc (idle, after setup,
 * peak over the run sampled every 250 ms); pushes received per socket per second; CPU of every process.
 *
 * Baseline, the durable echo (live/echo-server.ts): a Socket.IO server in its own process holding the same
 * sockets in the same rooms, storing every marker move and confirmation as an event in the game's embedded
 * event store (WAL, synchronous=FULL, the same group commit on a writer thread) before relaying it to the
 * whole room; players on the same round plans. It relays the client's own small message where the gateway
 * sends each audience its GameChanged, and does no auth, validation or per-viewer filtering.
 *
 * Rounds alternate which side goes first; medians over rounds are compared.
 * Target: gateway peak RSS ≤ 1.5 GiB and game push p99 ≤ 3 × durable echo p99, nothing lost, refused,
 * out of order or dropped; exit code 1 otherwise.
 *
 * Run: `npm run bench:capacity`. BENCH_SOCKETS (10000), BENCH_WATCHERS (8), BENCH_CLIENT_PROCESSES (2),
 * BENCH_MOVE_MS (2000), BENCH_THINK_MIN_MS (2000), BENCH_THINK_MAX_MS (4000), BENCH_CLOCK_SPEED (10),
 * BENCH_SECONDS measured per phase (20), BENCH_WARMUP_SECONDS (5), BENCH_ROUNDS (2),
 * BENCH_SETUP_CONCURRENCY per client process (16), BENCH_CPU_PROFILE=<dir> to profile the gateway over the
 * game phases. Needs an open-file limit above the socket count
 * (`ulimit -n`; the bench says so before it starts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE } from '@globetrail/contracts';
import type { WorkerFacts, WorkerPhase, WorkerRequest } from './capacity/client-worker.js';
import { freePort, readCpuSeconds, type ServerProcess, startServer } from './live/processes.js';
import type { PhaseLatencies, PhaseWindow } from './live/phase.js';
import { summariseProfile } from './live/profile-summary.js';
import { playStyle, startGateway, whole } from './live/settings.js';
import { median, ms, summarise, type Summary } from './live/stats.js';

const TARGET_RSS_MIB = 1536;
const TARGET_RATIO = 3;
const here = dirname(fileURLToPath(import.meta.url));

const style = playStyle({ moveMs: 2000, thinkMinMs: 2000, thinkMaxMs: 4000 });

const settings = {
  sockets: whole('BENCH_SOCKETS', 10_000, 3),
  watchers: whole('BENCH_WATCHERS', 8),
  processes: whole('BENCH_CLIENT_PROCESSES', 2),
  clockSpeed: whole('BENCH_CLOCK_SPEED', 10),
  seconds: whole('BENCH_SECONDS', 20),
  warmupSeconds: whole('BENCH_WARMUP_SECONDS', 5, 0),
  rounds: whole('BENCH_ROUNDS', 2),
  concurrency: whole('BENCH_SETUP_CONCURRENCY', 16),
  profileDir: process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : null,
};

/** A client process and its one-answer-per-request IPC. */
class ClientProcess {
  private readonly exited: Promise<void>;

  constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static start(): ClientProcess {
    return new ClientProcess(fork(join(here, 'capacity', 'client-worker.js'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  cpuSeconds(): number {
    return readCpuSeconds(this.child.pid!);
  }

  request<T>(request: WorkerRequest): Promise<T> {
    return new Promise((resolve, reject) => {
      const onExit = () => reject(new Error(`a client process exited while answering ${request.type}`));
      this.child.once('exit', onExit);
      this.child.once('message', (answer: { type: string; message?: string }) => {
        this.child.off('exit', onExit);
        if (answer.type === 'failed') reject(new Error(`a client process failed ${request.type}: ${answer.message}`));
        else resolve(answer as T);
      });
      this.child.send(request);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

interface SidePhase {
  latencies: Summary;
  lost: number;
  failed: number;
  pushesPerSocketSecond: number;
  guessesPerSecond: number;
  movesPerSecond: number;
  serverCpu: number;
  clientCpu: number;
  clientLoopDelayP99Ms: number;
}

/** This process's soft open-file limit: the gateway inherits it, and each socket holds a descriptor. */
function openFileLimit(): number {
  const limit = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  return limit === undefined ? Number.POSITIVE_INFINITY : Number(limit);
}

function combine(phases: readonly WorkerPhase[]): PhaseLatencies & { received: number; moves: number; guesses: number; seconds: number } {
  const all = (pick: (latencies: PhaseLatencies) => number[]) => phases.flatMap((phase) => pick(phase.latencies));
  return {
    opponent: all((latencies) => latencies.opponent),
    spectator: all((latencies) => latencies.spectator),
    moveAck: all((latencies) => latencies.moveAck),
    guessAck: all((latencies) => latencies.guessAck),
    lost: {
      opponent: phases.reduce((sum, phase) => sum + phase.latencies.lost.opponent, 0),
      spectator: phases.reduce((sum, phase) => sum + phase.latencies.lost.spectator, 0),
    },
    refused: phases.reduce((sum, phase) => sum + phase.latencies.refused, 0),
    unanswered: phases.reduce((sum, phase) => sum + phase.latencies.unanswered, 0),
    received: phases.reduce((sum, phase) => sum + phase.received, 0),
    moves: phases.reduce((sum, phase) => sum + phase.moves, 0),
    guesses: phases.reduce((sum, phase) => sum + phase.guesses, 0),
    seconds: Math.max(...phases.map((phase) => phase.seconds)),
  };
}

async function runSide(side: 'game' | 'durable', server: ServerProcess, clients: readonly ClientProcess[], window: PhaseWindow, sockets: number): Promise<SidePhase> {
  const serverCpu = server.cpuSeconds();
  const started = performance.now();
  const phases = await Promise.all(clients.map((client) => client.request<WorkerPhase>({ type: 'run', side, window })));
  const wall = (performance.now() - started) / 1000;
  const total = combine(phases);
  return {
    latencies: summarise([...total.opponent, ...total.spectator]),
    lost: total.lost.opponent + total.lost.spectator,
    failed: total.refused + total.unanswered,
    pushesPerSocketSecond: total.received / total.seconds / sockets,
    guessesPerSecond: total.guesses / total.seconds,
    movesPerSecond: total.moves / total.seconds,
    serverCpu: (server.cpuSeconds() - serverCpu) / wall,
    clientCpu: phases.reduce((sum, phase) => sum + phase.cpu, 0),
    clientLoopDelayP99Ms: Math.max(...phases.map((phase) => phase.loopDelayP99Ms)),
  };
}

const phaseLine = (label: string, phase: SidePhase) =>
  `    ${label.padEnd(13)} push p50 ${ms(phase.latencies.p50)}, p99 ${ms(phase.latencies.p99)}, max ${ms(phase.latencies.max)} (n=${phase.latencies.count}); ` +
  `${phase.pushesPerSocketSecond.toFixed(2)} pushes a socket a second, ${Math.round(phase.guessesPerSecond)} guesses/s, ${Math.round(phase.movesPerSecond)} moves/s; ` +
  `server CPU ${(100 * phase.serverCpu).toFixed(0)}%, clients CPU ${(100 * phase.clientCpu).toFixed(0)}% (loop delay p99 ${ms(phase.clientLoopDelayP99Ms)})` +
  (phase.lost + phase.failed > 0 ? `; ${phase.lost} receipts lost, ${phase.failed} commands failed` : '');

async function main(): Promise<void> {
  const { sockets, watchers, processes, clockSpeed, seconds, warmupSeconds, rounds, concurrency, profileDir } = settings;
  const perDuel = 2 + watchers;
  const duels = Math.max(1, Math.round(sockets / perDuel));
  const transitionMs = (LIVE.countdownMs + LIVE.resultDisplayMs) / clockSpeed;
  // Each side holds every socket twice (server and client ends on this machine), plus files and the store.
  const needed = duels * perDuel + 1024;
  if (openFileLimit() < needed) {
    throw new Error(`the open-file limit is ${openFileLimit()}, under the ${needed} descriptors ${duels * perDuel} sockets need in one process: raise it first (ulimit -n ${needed * 2})`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-capacity-bench-'));
  const servers: ServerProcess[] = [];
  const clients: ClientProcess[] = [];
  try {
    const [gamePort, echoPort] = [await freePort(), await freePort()];
    const gateway = await startGateway({
      dataDir: join(dir, 'data'),
      port: gamePort,
      clockSpeed,
      ...(profileDir ? { nodeArgs: ['--import', join(here, 'live', 'cpu-profile.js')], ipc: true } : {}),
    });
    servers.push(gateway);
    const profileFile = profileDir ? join(profileDir, `capacity-gateway-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`) : null;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    let profiling = false;
    const echo = await startServer({
      name: 'durable echo',
      script: join(here, 'live', 'echo-server.js'),
      port: echoPort,
      env: { PORT: String(echoPort), EVENTS_FILE: join(dir, 'durable-echo', 'events.sqlite') },
      ready: /listening/,
    });
    servers.push(echo);
    const rssIdle = gateway.rssMiB();

    console.log('capacity bench: one gateway process holding many sockets, each pushed about once a second, versus the durable echo holding the same sockets');
    console.log(`  ${duels} duels × (2 players + ${watchers} spectators) = ${duels * perDuel} sockets on each side, each an anonymous visitor; websocket transport, loopback`);
    console.log(`  clients in ${processes} other processes (whole duels each); the gateway and the durable echo in their own processes`);
    console.log(
      `  load: a player moves their marker every ${style.moveMs / 1000} s on average (only they see it) and confirms ${style.thinkMinMs / 1000}–${style.thinkMaxMs / 1000} s ` +
        `after the round starts; every socket gets a push per confirmation, round end and round start; CLOCK_SPEED=${clockSpeed} (${transitionMs} ms between rounds)`,
    );
    console.log('  latency: emit of a confirmed guess → the first push showing it confirmed, at the opponent and at every spectator');
    console.log('  baseline, durable echo: the same rooms and plans; every move and confirmation stored as an event in the game\'s embedded event store, then relayed to the room');
    console.log(`  ${rounds} rounds alternating which side goes first, each phase ${warmupSeconds} s warm-up + ${seconds} s measured; medians over rounds`);
    console.log(`  target: gateway peak RSS ≤ ${TARGET_RSS_MIB} MiB, game push p99 ≤ ${TARGET_RATIO} × durable echo p99, nothing lost or refused; exit code 1 otherwise`);

    const started = performance.now();
    for (let index = 0; index < processes; index++) clients.push(ClientProcess.start());
    const shares = clients.map((_, index) => {
      const first = Math.floor((index * duels) / processes);
      return { first, count: Math.floor(((index + 1) * duels) / processes) - first };
    });
    let rssPeak = rssIdle;
    const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, gateway.rssMiB())), 250);
    await Promise.all(
      clients.map((client, index) =>
        client.request({ type: 'setup', gameUrl: gateway.url, echoUrl: echo.url, ...shares[index]!, watchers, concurrency, transitionMs }),
      ),
    );
    const rssAfterSetup = gateway.rssMiB();
    console.log(`  setup: ${duels * perDuel} sockets on each side, every duel in round 0 (${((performance.now() - started) / 1000).toFixed(1)} s); gateway RSS ${rssAfterSetup.toFixed(0)} MiB`);

    const results: Array<{ game: SidePhase; durable: SidePhase }> = [];
    for (let round = 0; round < rounds; round++) {
      const window: PhaseWindow = { warmupMs: warmupSeconds * 1000, measureMs: seconds * 1000, style, seed: 20261126 + round };
      const order: Array<'game' | 'durable'> = round % 2 === 0 ? ['durable', 'game'] : ['game', 'durable'];
      const result: Partial<{ game: SidePhase; durable: SidePhase }> = {};
      for (const side of order) {
        if (side === 'game' && profileFile && !profiling) {
          await gateway.request({ type: 'profile:start' }, 'profile:started');
          profiling = true;
        }
        result[side] = await runSide(side, side === 'game' ? gateway : echo, clients, window, duels * perDuel);
      }
      results.push(result as { game: SidePhase; durable: SidePhase });
      console.log(`  round ${round + 1} (${order.join(', then ')}):`);
      console.log(phaseLine('game', result.game!));
      console.log(phaseLine('durable echo', result.durable!));
    }
    clearInterval(rssSampler);
    if (profileFile && profiling) await gateway.request({ type: 'profile:stop', file: profileFile }, 'profile:written');
    const rssEnd = gateway.rssMiB();
    const facts = await Promise.all(clients.map((client) => client.request<WorkerFacts>({ type: 'facts' })));
    const sum = (pick: (fact: WorkerFacts) => number) => facts.reduce((total, fact) => total + pick(fact), 0);
    await Promise.all(clients.map((client) => client.request({ type: 'close' })));

    const gameP99 = median(results.map((result) => result.game.latencies.p99));
    const durableP99 = median(results.map((result) => result.durable.latencies.p99));
    const ratio = gameP99 / durableP99;
    const problems = [
      ...results.flatMap((result, index) =>
        (['game', 'durable'] as const).flatMap((side) => {
          const { lost, failed } = result[side];
          return lost + failed > 0 ? [`round ${index + 1}, ${side}: ${lost} receipts lost, ${failed} commands failed`] : [];
        }),
      ),
      ...(sum((fact) => fact.outOfOrder) > 0 ? [`${sum((fact) => fact.outOfOrder)} messages twice or out of order`] : []),
      ...(sum((fact) => fact.gaps) > 0 ? [`${sum((fact) => fact.gaps)} gaps in the messages`] : []),
      ...(sum((fact) => fact.dropped) > 0 ? [`${sum((fact) => fact.dropped)} sockets dropped by the gateway`] : []),
      ...(sum((fact) => fact.restartFailures) > 0 ? [`${sum((fact) => fact.restartFailures)} duels not restarted at the round cap`] : []),
    ];
    const rssPass = rssPeak <= TARGET_RSS_MIB;
    const latencyPass = ratio <= TARGET_RATIO;
    console.log('  result (medians over rounds):');
    // No figure per socket: a fresh data directory's first start seeds the preset maps, and the heap that
    // leaves behind shrinks at the garbage collector's pace, so "idle" is not a stable base to subtract.
    console.log(`    gateway RSS: at start ${rssIdle.toFixed(0)} MiB, after setup ${rssAfterSetup.toFixed(0)} MiB, peak ${rssPeak.toFixed(0)} MiB, end ${rssEnd.toFixed(0)} MiB ` +
      `(target peak ≤ ${TARGET_RSS_MIB} MiB): ${rssPass ? 'PASS' : 'FAIL'}`);
    console.log(`    game push p50 ${ms(median(results.map((result) => result.game.latencies.p50)))}, p99 ${ms(gameP99)}; ${median(results.map((result) => result.game.pushesPerSocketSecond)).toFixed(2)} pushes a socket a second of ${Math.round(sum((fact) => fact.pushBytes) / facts.length)} bytes on average`);
    console.log(`    durable echo p50 ${ms(median(results.map((result) => result.durable.latencies.p50)))}, p99 ${ms(durableP99)}`);
    console.log(`    ${sum((fact) => fact.restarts)} duels restarted at the ${LIVE.duelRoundCap}-round cap`);
    console.log(`  ratio game p99 / durable echo p99: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}): ${latencyPass ? 'PASS' : 'FAIL'}`);
    for (const problem of problems) console.log(`  problem: ${problem}`);
    if (profileFile) {
      console.log(`  CPU profile of the gateway from the first game phase on: ${profileFile}`);
      for (const row of summariseProfile(profileFile, resolve(here, '..', '..', '..'))) console.log(row);
    }
    if (!rssPass || !latencyPass || problems.length > 0) process.exitCode = 1;
  } finally {
    await Promise.all(clients.map((client) => client.stop()));
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
