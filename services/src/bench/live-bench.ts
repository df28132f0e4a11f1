/**
 * Live-game push latency against a durable Socket.IO relay, in the same run: how long a player's confirmed
 * guess takes to show at their opponent and at a spectator.
 *
 * The real embedded app runs in a child process (node services/dist/main.js: its own event loop, its RSS
 * read from /proc), with a fresh DATA_DIR, SPECTATOR_DELAY_PHASES=0 (spectators get guesses live) and
 * CLOCK_SPEED=BENCH_CLOCK_SPEED (10). The clock speed only runs the game's timers faster (the 3 s countdown
 * and the 7 s result display take 1 s together), so rounds follow each other quickly; a latency is emit →
 * receipt on this process's clock, which it does not touch. N duels (rl -1: no timer ends a round) each
 * have two players and one spectator on their own sockets (3N); players are anonymous visitors (POST
 * /auth/anonymous, /user/create), the duel is made with POST /games and JoinGame, WatchGame, SetReady.
 *
 * Workload: duels play rounds back to back. A player's round starts when a push shows it STARTED; they
 * move their marker (non-final PlaceGuess) every BENCH_MOVE_MS on average (gaps uniform in [0.5, 1.5]×,
 * open loop) and confirm (final PlaceGuess) uniform in [BENCH_THINK_MIN_MS, BENCH_THINK_MAX_MS] after the
 * round started; the round ends when both have confirmed. The default 3–12 s is shorter than real duel play
 * on purpose: a round lasts about 10 s (the later of two confirmations, 9 s on average, plus 1 s between
 * rounds), so N duels confirm about N/5 guesses a second, which gives a p99 enough samples (about 2,000 a
 * receiver per phase at N = 500) and is more load than real play, not less; each player still moves their
 * marker about 3.75 times a round, so confirmations travel among marker moves; and the 3 s floor keeps a
 * round from being confirmed faster than anyone could have looked at it. Both players confirm the same
 * point: equal scores, no damage, no knockout. Duels stop at 30 rounds (docs/live-games.md); the default
 * run plays about 7 a duel, and a duel that reaches the cap in a longer run is restarted by its host
 * (RestartGame, both SetReady) from round 0, so N duels keep playing whatever the run's length.
 *
 * Measured, per confirmed guess: emit → the first GameChanged at the opponent, and at the spectator, in
 * which that player's guess for that round shows `isF` (as "has guessed" until the round ends). Each client
 * keeps its view as the browser does: the whole view from its join or watch, then every GameChanged applied
 * (docs/live.md); a gap would be answered by SyncGame and counted. Marker
 * moves reach only their mover's sockets (nobody else's view changes); their ack and the confirmation's
 * ack are reported for information. Commands inside the warm-up are sent but not measured; a phase ends
 * with a drain (every ack in, then 500 ms without a push).
 *
 * Baseline, the durable echo: a Socket.IO server (the same socket.io package, default options) in its own
 * child process with the same rooms and sockets and players on the same round plans (same seed: a player's
 * n-th round has the same moves and think time on every side). It stores every marker move and every
 * confirmation, in a message of the same fields as a PlaceGuess, as one event in the game's own embedded
 * event store (SqliteEventStore on a file of its own: WAL, synchronous=FULL, the same group commit on a
 * writer thread and the same fast way for an append made while that writer is idle), and once the commit
 * holding it is fsynced relays it to the whole room and acks it, as a naive durable relay would; a
 * player's next round starts 1 s after both confirmations reached them, as the game's timers would. Its
 * receipt of a guess is the relayed confirmation at the opponent and at the spectator. It does no auth,
 * validation or per-viewer filtering, and relays the client's own small message where the gateway sends
 * each audience its GameChanged (docs/live.md): the ratio is what the game adds over a relay that stores
 * what it relays as durably as the game does.
 * The bare echo, the same relay storing nothing, runs too, as context (printed, no target): what the
 * transport alone costs.
 *
 * Before the load, the event store's own writer commits 400 single-event appends one at a time on a file in
 * the run's directory (WAL, synchronous=FULL, nothing else running): the disk's fsynced commit, a floor
 * under the game's and the durable echo's latencies that the bare echo does not pay, printed with the report.
 *
 * Inside the gateway and the durable echo, a preload (live/append-probe.ts) times every append from the call
 * to its durable acknowledgement over their phases: the step every confirmed guess waits for on both.
 *
 * All clients run in this process (one clock for emit and receipt); its CPU and event-loop delay are
 * printed so a saturated client is visible. Rounds rotate which side goes first (durable echo, game, bare
 * echo / game, bare echo, durable echo / …) so machine noise hits every side; per-round p50/p99 are printed
 * and the medians compared.
 * Targets (report.ts TARGETS): game p99 (the worse of opponent and spectator) ≤ 3 × durable echo p99
 * (stretch 1.5 ×); gateway CPU a command ≤ 1.5 × the durable echo server's; the gateway's appends p99 ≤ 2 ×
 * the echo's; the gateway's event-loop delay p99 ≤ 10 ms; a confirmed guess ≤ 300 bytes on each receiver's
 * socket (Socket.IO's frame); nothing lost, refused, twice, out of order, missed (a gap) or dropped; exit
 * code 1 otherwise.
 *
 * Run: `npm run bench:live`. BENCH_DUELS (500), BENCH_MOVE_MS (2000), BENCH_THINK_MIN_MS (3000),
 * BENCH_THINK_MAX_MS (12000), BENCH_CLOCK_SPEED (10), BENCH_SECONDS measured per phase (20),
 * BENCH_WARMUP_SECONDS (3), BENCH_ROUNDS (3), BENCH_SETUP_CONCURRENCY (16), BENCH_CPU_PROFILE=<dir> to
 * profile the gateway over the game phases, BENCH_NODE_ARGS: more node options for the gateway (e.g.
 * `--cpu-prof --cpu-prof-dir=<dir>`: a profile of every thread, written when the gateway exits).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE } from '@globetrail/contracts';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { openDatabase } from '../platform/sqlite/open-database.js';
import type { AppendWindow } from './live/append-probe.js';
import { measureDurableCommit } from './live/disk-floor.js';
import { EchoLoad } from './live/echo-load.js';
import { GameLoad } from './live/game-load.js';
import { measured, type PhaseLatencies, type PhaseLoad, type PhaseWindow, type Sent } from './live/phase.js';
import { freePort, type ServerProcess, startServer } from './live/processes.js';
import { summariseProfile } from './live/profile-summary.js';
import { printReport, TARGETS } from './live/report.js';
import { extraNodeArgs, playStyle, startGateway, whole } from './live/settings.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..', '..');

const style = playStyle({ moveMs: 2000, thinkMinMs: 3000, thinkMaxMs: 12_000 });

const settings = {
  duels: whole('BENCH_DUELS', 500),
  clockSpeed: whole('BENCH_CLOCK_SPEED', 10),
  seconds: whole('BENCH_SECONDS', 20),
  warmupSeconds: whole('BENCH_WARMUP_SECONDS', 3, 0),
  rounds: whole('BENCH_ROUNDS', 3),
  concurrency: whole('BENCH_SETUP_CONCURRENCY', 16),
  profileDir: process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : null,
};

type EchoResult = PhaseLatencies & { load: PhaseLoad };

interface RoundResult {
  bare: EchoResult;
  durable: EchoResult & { appends: AppendWindow };
  game: { log: Sent[]; load: PhaseLoad; appends: AppendWindow };
}

type Side = keyof RoundResult;
/** Round r runs the sides in this order, rotated by r: each goes first once in three rounds. */
const SIDES: readonly Side[] = ['durable', 'game', 'bare'];

/** Every append a server made during `run`, call → durable acknowledgement (see live/append-probe.ts). */
async function withAppendTimes<T>(server: ServerProcess, run: () => Promise<T>): Promise<T & { appends: AppendWindow }> {
  await server.request({ type: 'appends:start' }, 'appends:started');
  const result = await run();
  const appends = (await server.request({ type: 'appends:stop' }, 'appends:stopped')) as AppendWindow;
  return { ...result, appends };
}

function countEvents(file: string): number {
  const db = openDatabase(file);
  try {
    return db.prepare<[], number>('SELECT count(*) FROM events').pluck().get()!;
  } finally {
    db.close();
  }
}

function durability(file: string): string {
  // The server opens the event store through openDatabase; so does this, on the same file.
  const db = openDatabase(file);
  try {
    const synchronous = db.pragma('synchronous', { simple: true });
    return `journal_mode=${String(db.pragma('journal_mode', { simple: true }))}, synchronous=${synchronous === 2 ? 'FULL' : String(synchronous)}`;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const { duels, clockSpeed, seconds, warmupSeconds, rounds, concurrency, profileDir } = settings;
  const betweenRoundsMs = (LIVE.countdownMs + LIVE.resultDisplayMs) / clockSpeed;
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-live-bench-'));
  const servers: ServerProcess[] = [];
  const loads: Array<{ close(): void }> = [];
  try {
    const [gamePort, durablePort, barePort] = [await freePort(), await freePort(), await freePort()];
    const appendProbe = ['--import', join(here, 'live', 'append-probe.js')];
    const gateway = await startGateway({
      dataDir: join(dir, 'data'),
      port: gamePort,
      clockSpeed,
      nodeArgs: [...appendProbe, ...(profileDir ? ['--import', join(here, 'live', 'cpu-profile.js')] : []), ...extraNodeArgs()],
      ipc: true,
    });
    servers.push(gateway);
    const durableEventsFile = join(dir, 'durable-echo', 'events.sqlite');
    const echoScript = join(here, 'live', 'echo-server.js');
    const durableEcho = await startServer({ name: 'durable echo', script: echoScript, port: durablePort, env: { PORT: String(durablePort), EVENTS_FILE: durableEventsFile }, ready: /listening/, nodeArgs: appendProbe, ipc: true });
    servers.push(durableEcho);
    const bareEcho = await startServer({ name: 'bare echo', script: echoScript, port: barePort, env: { PORT: String(barePort) }, ready: /listening/ });
    servers.push(bareEcho);
    const rssAtStart = gateway.rssMiB();

    const inSeconds = (ms: number) => `${+(ms / 1000).toFixed(2)} s`;
    console.log('live bench: how fast a confirmed guess reaches the opponent and a spectator, versus a durable Socket.IO relay, same run, same load');
    console.log(`  ${duels} duels × (2 players + 1 spectator) = ${duels * 3} sockets on each side (${duels * 2} players), websocket transport, loopback`);
    console.log(
      `  load: duels play rounds back to back; in each, a player moves their marker every ${inSeconds(style.moveMs)} on average (gaps ±50%, open loop) ` +
        `and confirms ${inSeconds(style.thinkMinMs)}–${inSeconds(style.thinkMaxMs)} after the round starts (uniform); a round ends when both have confirmed`,
    );
    console.log(`  both players confirm the same point (no damage, no knockout); a duel at the ${LIVE.duelRoundCap}-round cap is restarted by its host`);
    console.log(
      `  game timers run at CLOCK_SPEED=${clockSpeed} (countdown and result display: ${inSeconds(betweenRoundsMs)} between rounds); ` +
        'latencies are emit → receipt on the bench\'s own clock, which the clock speed does not touch',
    );
    console.log('  latency: emit of a confirmed guess → first GameChanged showing it confirmed (isF), at the opponent and at the spectator (SPECTATOR_DELAY_PHASES=0)');
    console.log('  baseline, durable echo: a Socket.IO server (same package) in its own process stores every marker move and confirmation as an event in the game\'s');
    console.log('    embedded event store (same settings, same group commit on a writer thread), then relays it to its room; same sockets and plans');
    console.log('  context, bare echo: the same relay storing nothing (no target)');
    console.log('  game: the real app in its own process (auth, validation, decide, fsynced append, per-viewer views, projections, round timers)');
    console.log(`  ${rounds} round${rounds === 1 ? '' : 's'} rotating which side goes first; each phase ${warmupSeconds} s warm-up + ${seconds} s measured; medians over rounds`);
    console.log(
      `  targets: game p99 ≤ ${TARGETS.ratio} × durable echo p99 (stretch ${TARGETS.stretchRatio} ×), gateway CPU a command ≤ ${TARGETS.cpuRatio} × the durable echo's, ` +
        `its appends p99 ≤ ${TARGETS.appendsRatio} × the echo's, event-loop delay p99 ≤ ${TARGETS.loopDelayMs} ms, a confirmed guess ≤ ${TARGETS.guessBytes} bytes a receiver; ` +
        'nothing lost or failed; exit code 1 otherwise',
    );

    const diskFloor = measureDurableCommit(join(dir, 'disk-probe.sqlite'));
    const started = Date.now();
    let shown = 0;
    const game = await GameLoad.setUp(gateway.url, duels, concurrency, (done) => {
      if (done === duels || Math.floor((10 * done) / duels) > shown) {
        shown = Math.floor((10 * done) / duels);
        console.log(`  setup: ${done}/${duels} duels joined and ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
    });
    loads.push(game);
    console.log(`  setup: all ${duels} duels in round 0 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    const durableLoad = await EchoLoad.setUp(durableEcho.url, duels, concurrency, betweenRoundsMs);
    loads.push(durableLoad);
    const bareLoad = await EchoLoad.setUp(bareEcho.url, duels, concurrency, betweenRoundsMs);
    loads.push(bareLoad);
    const rssAfterSetup = gateway.rssMiB();

    let rssPeak = rssAfterSetup;
    const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, gateway.rssMiB())), 250);
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      await gateway.request({ type: 'profile:start' }, 'profile:started');
    }
    const results: RoundResult[] = [];
    for (let round = 0; round < rounds; round++) {
      const window: PhaseWindow = { warmupMs: warmupSeconds * 1000, measureMs: seconds * 1000, style, seed: 20261121 };
      const echoPhase = async (server: ServerProcess, load: EchoLoad) => {
        const result = await measured(server, () => load.run(window));
        return { ...load.latencies(result.log), load: result.load };
      };
      const phases: { [S in Side]: () => Promise<RoundResult[S]> } = {
        durable: () => withAppendTimes(durableEcho, () => echoPhase(durableEcho, durableLoad)),
        bare: () => echoPhase(bareEcho, bareLoad),
        game: () => withAppendTimes(gateway, () => measured(gateway, () => game.run(window))),
      };
      const order = [...SIDES.slice(round % SIDES.length), ...SIDES.slice(0, round % SIDES.length)];
      const result: Partial<RoundResult> = {};
      for (const side of order) Object.assign(result, { [side]: await phases[side]() });
      results.push(result as RoundResult);
      console.log(`  round ${round + 1}: ${order.map((side) => (side === 'game' ? 'game' : `${side} echo`)).join(', then ')} done`);
    }
    clearInterval(rssSampler);
    const profileFile = profileDir ? join(profileDir, `gateway-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`) : null;
    if (profileFile) await gateway.request({ type: 'profile:stop', file: profileFile }, 'profile:written');
    const rssAtEnd = gateway.rssMiB();

    for (const load of loads.splice(0)) load.close();
    await Promise.all([gateway.stop(), durableEcho.stop()]);
    const eventsFile = join(dir, 'data', 'events.sqlite');
    const store = SqliteEventStore.open(eventsFile);
    const events = await store.readAll();
    await store.close();

    const pass = printReport(
      results.map((result) => ({
        durable: result.durable,
        durableLoad: result.durable.load,
        durableAppends: result.durable.appends,
        bare: result.bare,
        bareLoad: result.bare.load,
        game: game.latencies(result.game.log),
        gameLoad: result.game.load,
        gameAppends: result.game.appends,
      })),
      {
        duels,
        sockets: game.sockets,
        pushBytes: game.pushBytes(),
        outOfOrder: game.outOfOrder(),
        gaps: game.gaps(),
        dropped: game.dropped,
        restarts: game.restarts,
        restartFailures: game.restartFailures,
        rssMiB: { idle: rssAtStart, afterSetup: rssAfterSetup, peak: rssPeak, end: rssAtEnd },
        durability: durability(eventsFile),
        durableEchoDurability: durability(durableEventsFile),
        durableEchoEvents: countEvents(durableEventsFile),
        diskFloor,
        events,
      },
    );
    if (profileFile) {
      console.log(`  CPU profile of the gateway over the game phases: ${profileFile}`);
      for (const row of summariseProfile(profileFile, repoRoot)) console.log(row);
    }
    if (!pass) process.exitCode = 1;
  } finally {
    for (const load of loads) load.close();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
