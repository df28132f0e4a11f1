import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execute = promisify(execFile);
const repository = fileURLToPath(new URL('../../../../../', import.meta.url));

/**
 * Folders of services/src compiled as `npm start` runs them, for tests of code that starts worker threads
 * (a thread cannot load the .ts files jest runs). The copy goes under node_modules so that its packages
 * resolve; `folders` are paths below services/src, e.g. ['imagery', 'platform'], kept in the same layout.
 * Returns the copy's root: the caller removes it.
 */
export async function compileSources(folders: readonly string[]): Promise<string> {
  const cache = join(repository, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'globetrail-workers-'));
  await Promise.all(
    folders.map((folder) => execute(process.execPath, ['scripts/compile.mjs', join('services/src', folder), join(dir, folder)], { cwd: repository })),
  );
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  return dir;
}
