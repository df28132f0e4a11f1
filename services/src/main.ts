import 'reflect-metadata';
import { ConsoleLogger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app/create-app.js';
import { ConfigError, loadConfig } from './config/config.js';

// Everything the server writes (databases, keys, mail, caches) is its owner's alone: 0600 files, 0700 folders.
process.umask(0o077);

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

/** Prepares the data directory as a first start does (maps/prepare-data-dir.ts), in a child process that exits. */
function prepareInChildProcess(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = join(dirname(fileURLToPath(import.meta.url)), 'maps', 'prepare-data-dir.js');
    const child = spawn(process.execPath, [script, dataDir], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`making the preset maps failed (exit ${code ?? signal})`))));
  });
}

try {
  const config = loadConfig(process.env, { clientDist: join(repoRoot, 'client', 'dist'), releaseId: version });
  // What the process says itself goes through the app's log format too (JSON lines on the full stack).
  const say = config.logFormat === 'json' ? (message: string) => new ConsoleLogger('main', { json: true }).log(message) : (message: string) => console.log(message);
  const embedded = config.stores.eventStore.kind === 'sqlite';
  if (embedded && config.roles.has('projector') && !existsSync(join(config.dataDir, 'events.sqlite'))) {
    say('First start: making the preset maps from GeoNames places (a few seconds)…');
    // In a process of its own: the places, the maps' 330,000 locations and their projection take a few
    // hundred MiB that the server would otherwise keep for its whole life.
    await prepareInChildProcess(config.dataDir);
  }
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.getHttpServer().address() as { port: number }).port;
  const web = config.roles.has('api') || config.roles.has('gateway');
  say(web ? `GlobeTrail is running at http://${shown}:${port} (data in ${config.dataDir}; API docs at /docs)` : `GlobeTrail ${[...config.roles].join(', ')} is running; health at http://${shown}:${port}/health/ready`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
