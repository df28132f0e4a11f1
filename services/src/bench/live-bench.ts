/**
 * Live-game push latency against a bare Socket.IO relay, in the same run.
 *
 * The real embedded app runs in a child process (node services/dist/main.js: its own event loop, its RSS
 * read from /proc), with a fresh DATA_DIR, SPECTATOR_DELAY_PHASES=0 (spectators get guesses live) and duels
 * without a round time limit (no timer ends round 0 mid-measurement). N duels each have two players and one
 * spectator on their own sockets (3N); players are anonymous visitors (POST /auth/anonymous, /user/create),
 * the duel is made with POST /games and JoinGame, WatchGame, SetReady over the sockets.
 *
 * Load: every player moves their marker (a non-final PlaceGuess to a point nobody used) on an open-loop
 * schedule, on average every BENCH_MOVE_MS with each gap uniform in [0.5, 1.5]×. A move's latency is from
 * its emit to the first GameUpdated whose version is at least the revision of the GuessPlaced it stored
 * (read back from the event store after the run), at the opponent and at the spectator. Moves inside the
 * warm-up are sent but not measured.
 *
 * Baseline: a bare Socket.IO server (the same socket.io package, default options) in its own child process
 * with the same number of rooms and sockets, the same move schedule (same seed) and a message of the same
 * shape; it relays each move to the room and acks it, as the gateway pushes and then acks. It does no auth,
 * validation, storage or per-viewer filtering, and relays the small move where the gateway sends a whole
 * game view: the ratio is what the game adds over the transport.
 *
 * All clients run in this process (one clock for emit and receipt); its CPU and event-loop delay are
 * printed so a saturated client is visible. Rounds alternate which side goes first (echo, game / game,
 * echo / …) so machine noise hits both; per-round p50/p99 are printed and the medians compared.
 * Target: game p99 (the worse of opponent and spectator) ≤ 2 × echo p99; exit code 1 otherwise.
 *
 * Run: `npm run bench:live`. BENCH_DUELS (500), BENCH_MOVE_MS (2000), BENCH_SECONDS measured per phase (20),
 * BENCH_WARMUP_SECONDS (3), BENCH_ROUNDS (3), BENCH_SETUP_CONCURRENCY (16), BENCH_CPU_PROFILE=<dir> to
 * profile the gateway over the game phases.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { openDatabase } from '../platform/sqlite/open-database.js';
import { EchoLoad } from './live/echo-load.js';
import { GameLoad, type Move } from './live/game-load.js';
import { measured, type PhaseLatencies, type PhaseLoad, type PhaseWindow } from './live/phase.js';
import { freePort, type ServerProcess, startServer } from './live/processes.js';
import { summariseProfile } from './live/profile-summary.js';
import { printReport, TARGET_RATIO } from './live/report.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..', '..');

function whole(name: string, fallback: number, min = 1): number {
  const raw = process.env[name] ?? String(fallback);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

const settings = {
  duels: whole('BENCH_DUELS', 500),
  moveMs: whole('BENCH_MOVE_MS', 2000, 50),
  seconds: whole('BENCH_SECONDS', 20),
  warmupSeconds: whole('BENCH_WARMUP_SECONDS', 3, 0),
  rounds: whole('BENCH_ROUNDS', 3),
  concurrency: whole('BENCH_SETUP_CONCURRENCY', 16),
  profileDir: process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : null,
};

interface RoundResult {
  echo: PhaseLatencies & { load: PhaseLoad };
  game: { log: Move[]; load: PhaseLoad };
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
  const { duels, moveMs, seconds, warmupSeconds, rounds, concurrency, profileDir } = settings;
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-live-bench-'));
  const servers: ServerProcess[] = [];
  const loads: Array<{ close(): void }> = [];
  try {
    const [gamePort, echoPort] = [await freePort(), await freePort()];
    const gateway = await startServer({
      name: 'gateway',
      script: join(here, '..', 'main.js'),
      port: gamePort,
      env: { DATA_DIR: join(dir, 'data'), PORT: String(gamePort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SPECTATOR_DELAY_PHASES: '0', CLOCK_SPEED: '1' },
      ready: /GlobeTrail is running/,
      ...(profileDir ? { nodeArgs: ['--import', join(here, 'live', 'cpu-profile.js')], ipc: true } : {}),
    });
    servers.push(gateway);
    const echo = await startServer({ name: 'echo', script: join(here, 'live', 'echo-server.js'), port: echoPort, env: { PORT: String(echoPort) }, ready: /listening/ });
    servers.push(echo);
    const rssAtStart = gateway.rssMiB();

    console.log('live bench: push latency of live duels versus a bare Socket.IO relay, same run, same load');
    console.log(`  ${duels} duels × (2 players + 1 spectator) = ${duels * 3} sockets on each side, websocket transport, loopback`);
    console.log(`  load: each player moves their marker every ${moveMs} ms on average (gaps uniform ±50%, open loop): ${Math.round((duels * 2 * 1000) / moveMs)} moves/s`);
    console.log(`  latency: emit → first GameUpdated holding that guess, at the opponent and at the spectator (SPECTATOR_DELAY_PHASES=0)`);
    console.log(`  baseline: a bare Socket.IO server (same package) in its own process relays each move to its room, same sockets and schedule`);
    console.log(`  game: the real app in its own process (auth, validation, decide, fsynced append, per-viewer views, projections)`);
    console.log(`  ${rounds} round${rounds === 1 ? '' : 's'} alternating which side goes first; each phase ${warmupSeconds} s warm-up + ${seconds} s measured; medians over rounds`);
    console.log(`  target: game p99 ≤ ${TARGET_RATIO} × echo p99, no push lost, no move failed; exit code 1 otherwise`);

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
    const echoLoad = await EchoLoad.setUp(echo.url, duels, concurrency);
    loads.push(echoLoad);
    const rssAfterSetup = gateway.rssMiB();

    let rssPeak = rssAfterSetup;
    const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, gateway.rssMiB())), 250);
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      await gateway.request({ type: 'profile:start' }, 'profile:started');
    }
    const results: RoundResult[] = [];
    for (let round = 0; round < rounds; round++) {
      const window: PhaseWindow = { warmupMs: warmupSeconds * 1000, measureMs: seconds * 1000, intervalMs: moveMs, seed: 20261121 };
      const runEcho = async () => {
        const result = await measured(echo, () => echoLoad.run(window));
        return { ...result.latencies, load: result.load };
      };
      const runGame = () => measured(gateway, () => game.run(window));
      let result: RoundResult;
      if (round % 2 === 0) {
        const echoResult = await runEcho();
        result = { echo: echoResult, game: await runGame() };
      } else {
        const gameResult = await runGame();
        result = { game: gameResult, echo: await runEcho() };
      }
      results.push(result);
      console.log(`  round ${round + 1}: ${round % 2 === 0 ? 'echo, then game' : 'game, then echo'} done`);
    }
    clearInterval(rssSampler);
    const profileFile = profileDir ? join(profileDir, `gateway-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`) : null;
    if (profileFile) await gateway.request({ type: 'profile:stop', file: profileFile }, 'profile:written');
    const rssAtEnd = gateway.rssMiB();

    for (const load of loads.splice(0)) load.close();
    await gateway.stop();
    const eventsFile = join(dir, 'data', 'events.sqlite');
    const store = SqliteEventStore.open(eventsFile);
    const events = await store.readAll();
    await store.close();

    const pass = printReport(
      results.map((result) => ({ echo: result.echo, echoLoad: result.echo.load, game: game.latencies(result.game.log, events), gameLoad: result.game.load })),
      {
        duels,
        sockets: game.sockets,
        offeredMovesPerSecond: Math.round((duels * 2 * 1000) / moveMs),
        pushBytes: game.pushBytes(),
        outOfOrder: game.outOfOrder(),
        dropped: game.dropped,
        rssMiB: { idle: rssAtStart, afterSetup: rssAfterSetup, peak: rssPeak, end: rssAtEnd },
        durability: durability(eventsFile),
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
