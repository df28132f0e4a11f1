/**
 * Fair pictures (issue 27): how long a player waits for a fresh round picture while another player has
 * BENCH_SCRIPT_PICTURES (60) fresh pictures of their own in the queue, against the same player's wait on the
 * idle server, in the same run.
 *
 * The app runs as in `npm start` (node services/dist/main.js, embedded adapters, offline pictures, a fresh
 * DATA_DIR) with rate limits off (the script would otherwise be refused long before 60) and SCENES_AHEAD=off,
 * so every fresh picture is painted and re-encoded when it is asked for, on both sides of the comparison.
 * Each measured fetch is the `GET` of the first round's picture of a new solo game (a fresh scene: painted,
 * then re-encoded for the round), timed from the request to the last byte.
 *
 * Baseline: the honest player's BENCH_FETCHES (6) fetches one after another on the idle server (after a
 * warm-up of 3). Loaded: the script player starts BENCH_SCRIPT_PICTURES games and asks for all their
 * pictures at once; 200 ms later the honest player makes BENCH_FETCHES fetches one after another while the
 * script's are still being made. Target: loaded median ≤ 2 × idle median; exit code 1 otherwise.
 *
 * Run: `npm run bench:pictures`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './live/processes.js';
import { startGateway, whole } from './live/settings.js';
import { median } from './live/stats.js';

const SCRIPT_PICTURES = whole('BENCH_SCRIPT_PICTURES', 60);
const FETCHES = whole('BENCH_FETCHES', 6);
const TARGET_RATIO = 2;

async function main(): Promise<void> {
  console.log('picture bench: a player’s fresh round picture on an idle server, and while another player has many in the queue');
  console.log(`  script player: ${SCRIPT_PICTURES} fresh pictures asked for at once; honest player: ${FETCHES} fresh pictures one after another, idle and loaded`);
  console.log('  the built app, offline pictures, rate limits off, SCENES_AHEAD=off (every fresh picture painted and re-encoded when asked for)');
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-picture-bench-'));
  const port = await freePort();
  process.env.SCENES_AHEAD = 'off';
  const server = await startGateway({ dataDir: join(dir, 'data'), port, clockSpeed: 1 });
  try {
    const base = server.url;
    const post = async (path: string, token: string | null, body: object = {}) => {
      const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const player = async () => {
      const session = (await post('/auth/anonymous', null)) as { idToken: string };
      await post('/user/create', session.idToken);
      return session.idToken;
    };
    const freshPicture = async (token: string) => ((await post('/solo', token)) as { round: { panoramaUrl: string } }).round.panoramaUrl;
    const timedFetch = async (address: string) => {
      const started = performance.now();
      const response = await fetch(base + address);
      if (!response.ok) throw new Error(`${address}: ${response.status}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const honest = await player();
    const script = await player();
    const oneByOne = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) times.push(await timedFetch(await freshPicture(honest)));
      return times;
    };

    await oneByOne(3);
    const idle = await oneByOne(FETCHES);
    const addresses = [];
    for (let i = 0; i < SCRIPT_PICTURES; i++) addresses.push(await freshPicture(script));
    const scriptStarted = performance.now();
    let scriptDone = 0;
    const scriptFetches = Promise.all(addresses.map((address) => timedFetch(address).then(() => (scriptDone += 1))));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const loaded: number[] = [];
    const pendingWhileLoaded: number[] = [];
    for (let i = 0; i < FETCHES; i++) {
      pendingWhileLoaded.push(SCRIPT_PICTURES - scriptDone);
      loaded.push(await timedFetch(await freshPicture(honest)));
    }
    await scriptFetches;
    const scriptSeconds = (performance.now() - scriptStarted) / 1000;

    const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    const idleMedian = median(idle);
    const loadedMedian = median(loaded);
    const ratio = loadedMedian / idleMedian;
    console.log(`  idle:   ${ms(idle)} ms (median ${idleMedian.toFixed(0)} ms)`);
    console.log(`  loaded: ${ms(loaded)} ms (median ${loadedMedian.toFixed(0)} ms), with ${pendingWhileLoaded.join(', ')} of the script's pictures still unmade at each request`);
    console.log(`  the script's ${SCRIPT_PICTURES} pictures took ${scriptSeconds.toFixed(1)} s in all (${((scriptSeconds * 1000) / SCRIPT_PICTURES).toFixed(0)} ms each)`);
    console.log(`  ratio loaded / idle median: ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? 'PASS' : 'FAIL'}`);
    process.exitCode = ratio <= TARGET_RATIO ? 0 : 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
