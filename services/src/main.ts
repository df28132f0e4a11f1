import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app/create-app.js';
import { ConfigError, loadConfig } from './config/config.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

try {
  const config = loadConfig(process.env, { clientDist: join(repoRoot, 'client', 'dist'), releaseId: version });
  if (!existsSync(join(config.dataDir, 'events.sqlite'))) console.log('First start: making the preset maps from GeoNames places (a few seconds)…');
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`GlobeTrail is running at http://${shown}:${config.port} (data in ${config.dataDir}; API docs at /docs)`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
