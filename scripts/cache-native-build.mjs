#!/usr/bin/env node
// CI's cache of better-sqlite3's compiled binding (.ci/run runs this after `npm install`).
//
// better-sqlite3 installs with `prebuild-install || node-gyp rebuild`: prebuild-install looks for the
// release's binary in npm's cache (`<npm cache>/_prebuilds/`) before downloading it from GitHub, which these
// machines cannot reach, so every install compiled SQLite again: 66 s on one core, the longest part of
// installing. This stores the binary the install just compiled there, under the name prebuild-install gives
// that download (package version, Node ABI, platform, libc and CPU), packed as the release packs it. The next
// install on this machine unpacks it, and prebuild-install loads it before accepting it: a binary that fails
// to load falls back to compiling, as a fresh machine (with an empty cache) does every time.
//
// `node scripts/cache-native-build.mjs` stores it unless the cache already holds this very binding (an
// archive cut short, or one whose binding failed to load so that the install compiled, is replaced);
// `--check` prints the path only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'node_modules', 'better-sqlite3', 'package.json'));
const pkg = require('./package.json');
// prebuild-install's own configuration and naming, as its install step computes them.
const prebuild = createRequire(require.resolve('prebuild-install/package.json'));
const options = { ...prebuild('./rc.js')(pkg), pkg };
const util = prebuild('./util.js');
const url = util.getDownloadUrl(options);
const cached = util.cachedPrebuild(url);

const binary = join('build', 'Release', 'better_sqlite3.node');
const packageDir = dirname(require.resolve('./package.json'));
/** The binding the cached archive holds; null when there is none or it cannot be read (cut short, say). */
function cachedBinding() {
  try {
    return execFileSync('tar', ['-xzOf', cached, binary], { maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

if (process.argv.includes('--check')) {
  console.log(`${cached} (${existsSync(cached) ? 'present' : 'absent'}) for ${url}`);
} else if (!existsSync(join(packageDir, binary))) {
  console.error(`cache-native-build: no compiled better-sqlite3 binding at ${join(packageDir, binary)}; nothing cached`);
} else if (cachedBinding()?.equals(readFileSync(join(packageDir, binary)))) {
  console.error(`cache-native-build: better-sqlite3 ${pkg.version}'s binding came from the cache (${cached})`);
} else {
  // Absent, unreadable, or not what this install compiled after the cached one failed to load: stored anew.
  mkdirSync(dirname(cached), { recursive: true });
  // Written beside, then renamed: an install reading the cache meanwhile sees no file or a whole one.
  const partial = `${cached}.${process.pid}.tmp`;
  try {
    execFileSync('tar', ['-czf', partial, '-C', packageDir, binary]);
    renameSync(partial, cached);
  } finally {
    rmSync(partial, { force: true });
  }
  console.error(`cache-native-build: cached better-sqlite3 ${pkg.version}'s binding for the next install (${cached})`);
}
