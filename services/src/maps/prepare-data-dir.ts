/**
 * Prepares a data directory as a first start does — the preset maps seeded, their read models built — and
 * exits: `node services/dist/maps/prepare-data-dir.js <dir>`. A container image or a test run can do the
 * few seconds of seeding once, ahead of the starts that need it.
 */
import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { createApp } from '../app/create-app.js';
import { loadConfig } from '../config/config.js';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: prepare-data-dir <data directory>');
  process.exit(2);
}
const started = Date.now();
const config = loadConfig({ ...process.env, DATA_DIR: resolve(dataDir), PORT: '0', IMAGERY_PROVIDER: 'offline' }, { clientDist: join(dataDir, 'no-client'), releaseId: 'prepare' });
const app = await createApp(config, { logger: false });
await app.close();
console.log(`prepared ${config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
