import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, startServer } from './processes.js';
import type { PlayStyle } from './round-plan.js';

/**
 * What the live benches set on the gateway they start: every simulated visitor connects from 127.0.0.1,
 * so the abuse limits per address would stop the load itself; and their clients never load round pictures,
 * so encoding them ahead (ROUND_PICTURE_WARMING) would be work no client asked for.
 */
export const BENCH_GATEWAY_ENV = { RATE_LIMIT_SCALE: '0', MAX_CONNECTIONS_PER_ADDRESS: '1000000', ROUND_PICTURE_WARMING: 'off' };

/** A whole-number setting from the environment, with its default and least value. */
export function whole(name: string, fallback: number, min = 1): number {
  const raw = process.env[name] ?? String(fallback);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

/** BENCH_NODE_ARGS, split on spaces: options for the gateway's node (profilers, V8 flags). */
export function extraNodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg.length > 0);
}

/** The players' style from BENCH_MOVE_MS, BENCH_THINK_MIN_MS and BENCH_THINK_MAX_MS, with a bench's defaults. */
export function playStyle(defaults: PlayStyle): PlayStyle {
  const style: PlayStyle = {
    moveMs: whole('BENCH_MOVE_MS', defaults.moveMs, 50),
    thinkMinMs: whole('BENCH_THINK_MIN_MS', defaults.thinkMinMs, 0),
    thinkMaxMs: whole('BENCH_THINK_MAX_MS', defaults.thinkMaxMs, 0),
  };
  if (style.thinkMaxMs < style.thinkMinMs) throw new Error(`BENCH_THINK_MAX_MS (${style.thinkMaxMs}) must be at least BENCH_THINK_MIN_MS (${style.thinkMinMs})`);
  return style;
}

/**
 * The real app as the live benches run it: `npm start`'s services/dist/main.js in its own process, on a fresh
 * `dataDir`, with offline pictures, spectators told of guesses live and timers at `clockSpeed`.
 */
export function startGateway(options: { dataDir: string; port: number; clockSpeed: number; nodeArgs?: string[]; ipc?: boolean }): Promise<ServerProcess> {
  const { dataDir, port, clockSpeed } = options;
  return startServer({
    name: 'gateway',
    script: join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'main.js'),
    port,
    env: { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', IMAGERY_PROVIDER: 'offline', SPECTATOR_DELAY_PHASES: '0', CLOCK_SPEED: String(clockSpeed), ...BENCH_GATEWAY_ENV },
    ready: /GlobeTrail is running/,
    nodeArgs: options.nodeArgs ?? [],
    ipc: options.ipc ?? false,
  });
}
