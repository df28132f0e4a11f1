#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of a client build's assets/,
// so the server sends them as they are instead of compressing on every request. Text types only: audio,
// pictures and fonts are compressed already. A copy that would not be smaller is not written.
// Runs at the end of every `vite build` (vite.config.ts); by hand: node scripts/precompress.mjs [distDir]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.html', '.wasm', '.txt', '.xml', '.map']);

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/** Compresses every compressible file under `${distDir}/assets`; returns bytes before and after brotli. */
export async function precompress(distDir) {
  const assets = join(distDir, 'assets');
  const names = (await readdir(assets)).filter((name) => COMPRESSIBLE.has(extname(name)));
  const totals = { files: names.length, plain: 0, brotli: 0, gzip: 0 };
  await Promise.all(
    names.map(async (name) => {
      const path = join(assets, name);
      const bytes = await readFile(path);
      const [br, gz] = await Promise.all([
        toBrotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: extname(name) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        toGzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.plain += bytes.length;
      totals.brotli += Math.min(br.length, bytes.length);
      totals.gzip += Math.min(gz.length, bytes.length);
      if (br.length < bytes.length) await writeFile(`${path}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
    }),
  );
  return totals;
}

/** The Vite side: compresses the build just written, wherever its outDir is. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'globetrail-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = Date.now();
      const { files, plain, brotli, gzip: gz } = await precompress(outDir);
      const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
      console.log(`precompressed ${files} assets in ${Date.now() - started} ms: ${kb(plain)} → brotli ${kb(brotli)}, gzip ${kb(gz)}`);
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  if (!(await stat(join(distDir, 'assets')).catch(() => null))) throw new Error(`no assets/ in ${distDir}: build the client first`);
  console.log(await precompress(distDir));
}
