// Transpiles a TypeScript source tree to ESM JavaScript with swc (legacy decorators + metadata, as
// NestJS needs). Type checking is `npm run typecheck`'s job; this stays fast so `npm start` is too.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { transformFile } from '@swc/core';

const [srcArg, outArg] = process.argv.slice(2);
if (!srcArg || !outArg) throw new Error('usage: compile.mjs <srcDir> <outDir>');
const srcDir = resolve(srcArg);
const outDir = resolve(outArg);

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec|contract)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

await rm(outDir, { recursive: true, force: true });
const jobs = [];
for await (const file of sources(srcDir)) {
  jobs.push(
    transformFile(file, {
      sourceMaps: 'inline',
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: file.endsWith('.tsx') },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    }).then(async ({ code }) => {
      const out = join(outDir, relative(srcDir, file)).replace(/\.tsx?$/, '.js');
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, code);
    }),
  );
}
await Promise.all(jobs);
console.log(`compiled ${jobs.length} files: ${relative(process.cwd(), srcDir)} -> ${relative(process.cwd(), outDir)}`);
