import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { checkLocalTarget, formatReport, LoadTargetError, loadErrors, runLoad } from './load-run.js';

/**
 * `npm run load` (docs/security.md has the limits to lift on a server you start yourself):
 *   LOAD_URL               a running server on this machine; unset: starts its own on a fresh data directory
 *   LOAD_SECONDS           how long the load runs (default 20, at most 600)
 *   LOAD_SOLO_PLAYERS      anonymous players playing solo rounds (default 40)
 *   LOAD_DUELLISTS         signed-up players duelling in the arena, in pairs (default 20)
 *   LOAD_HTTP_CONNECTIONS  autocannon's connections on the read calls (default 20)
 * Exit 0 when nothing failed, 1 when some request or match did, 2 for a bad setting.
 */
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function number(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new LoadTargetError(`${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(raw)}`);
  return value;
}

async function ownServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'globetrail-load-'));
  // Every simulated player comes from 127.0.0.1: the per-address limits would stop the load itself.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, IMAGERY_PROVIDER: 'offline', LOG_LEVEL: 'error', CLOCK_SPEED: '20', RATE_LIMIT_SCALE: '0', MAX_CONNECTIONS_PER_ADDRESS: '1000000' };
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'services', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let up = false;
  for await (const line of createInterface({ input: child.stdout! })) {
    if (!line.includes('is running at')) continue;
    up = true;
    break;
  }
  if (!up) throw new Error('the server did not start');
  child.stdout!.resume();
  console.log(`started a server at http://127.0.0.1:${port} (data in ${dataDir}, game clock 20×, rate limits off)`);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

try {
  const options = {
    seconds: Math.max(1, number('LOAD_SECONDS', 20, 600)),
    soloPlayers: number('LOAD_SOLO_PLAYERS', 40, 2000),
    duellists: number('LOAD_DUELLISTS', 20, 2000),
    httpConnections: Math.max(1, number('LOAD_HTTP_CONNECTIONS', 20, 1000)),
  };
  if (process.env.LOAD_URL) checkLocalTarget(process.env.LOAD_URL);
  const server = process.env.LOAD_URL ? { url: process.env.LOAD_URL, stop: async () => undefined } : await ownServer();
  try {
    const report = await runLoad({ url: server.url, ...options });
    console.log(formatReport(report));
    process.exitCode = loadErrors(report) === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof LoadTargetError ? 2 : 1;
}
