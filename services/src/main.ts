import 'reflect-metadata';
import { ConsoleLogger } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app/create-app.js';
import { ConfigError, loadConfig } from './config/config.js';

// Everything the server writes (databases, keys, mail, caches) is its owner's alone: 0600 files, 0700 folders.
process.umask(0o077);

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

try {
  const config = loadConfig(process.env, { clientDist: join(repoRoot, 'client', 'dist'), releaseId: version });
  // What the process says itself goes through the app's log format too (JSON lines on the full stack).
  const say = config.logFormat === 'json' ? (message: string) => new ConsoleLogger('main', { json: true }).log(message) : (message: string) => console.log(message);
  const embedded = config.stores.eventStore.kind === 'sqlite';
  if (embedded && config.roles.has('projector') && !existsSync(join(config.dataDir, 'events.sqlite'))) say('First start: making the preset maps from GeoNames places (a few seconds)…');
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
