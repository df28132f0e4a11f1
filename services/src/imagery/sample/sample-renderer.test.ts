import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { LocalImageStore } from '../local/local-image-store.js';
import { compiledWorkerBeside } from '../../platform/workers/compiled-worker.js';
import { compileSources } from '../../platform/workers/testing/compile-sources.js';
import { createSampleRenderer, renderSampleRecipe } from './sample-renderer.js';
import { ensureSampleSet, sampleImageId } from './sample-set.js';
import { longestGapWhile } from '../../bench/event-loop-gap.js';

const execute = promisify(execFile);
const RENDER_TIMEOUT = 60_000;

const isJpeg = (bytes: Buffer) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

describe('the sample renderer', () => {
  it('finds its worker beside the compiled module, and none beside a TypeScript source', () => {
    expect(compiledWorkerBeside('file:///app/dist/imagery/sample/sample-renderer.js', 'render-worker')?.href).toBe(
      'file:///app/dist/imagery/sample/render-worker.js',
    );
    expect(compiledWorkerBeside('file:///app/src/imagery/sample/sample-renderer.ts', 'render-worker')).toBeNull();
  });

  it('renders on the calling thread from sources unless given a compiled worker, and says so', () => {
    expect(() => createSampleRenderer({ workers: 1 })).toThrow(/compiled code/);
    expect(() => createSampleRenderer({ workers: -1 })).toThrow(RangeError);
    expect(() => createSampleRenderer({ workers: 1.5 })).toThrow(RangeError);
  });

  describe('on worker threads', () => {
    let compiled: string;
    let workerScript: URL;
    let dataDir: string;

    beforeAll(async () => {
      compiled = await compileSources(['imagery', 'platform']);
      workerScript = pathToFileURL(join(compiled, 'imagery', 'sample', 'render-worker.js'));
      dataDir = await mkdtemp(join(compiled, 'data-'));
    }, RENDER_TIMEOUT);
    afterAll(async () => {
      if (compiled) await rm(compiled, { recursive: true, force: true });
    });

    it('keeps the event loop turning while it paints the picture the calling thread would', async () => {
      const renderer = createSampleRenderer({ workerScript });
      try {
        const inWorker = await longestGapWhile(() => renderer.render('jp-biei'), 10);
        const onThisThread = await longestGapWhile(() => renderSampleRecipe('jp-biei'), 10);

        expect(inWorker.value.equals(onThisThread.value)).toBe(true);
        expect(isJpeg(inWorker.value)).toBe(true);
        // Painting here stalls the loop for most of the render; in the worker only scheduling noise remains.
        expect(onThisThread.longestGap).toBeGreaterThan(onThisThread.elapsed / 2);
        expect(inWorker.longestGap).toBeLessThan(inWorker.elapsed / 3);
      } finally {
        await renderer.close();
      }
    }, RENDER_TIMEOUT);

    it('paints a round’s own scene in the worker as this thread would, another picture than the place’s own', async () => {
      const renderer = createSampleRenderer({ workerScript });
      try {
        expect(renderer.threaded).toBe(true);
        const scene = { seed: 123456789, along: 800 };
        const [inWorker, own] = await Promise.all([renderer.render('gh-cape-coast', scene), renderer.render('gh-cape-coast')]);
        expect(inWorker.equals(await renderSampleRecipe('gh-cape-coast', scene))).toBe(true);
        expect(inWorker.equals(own)).toBe(false);
      } finally {
        await renderer.close();
      }
    }, RENDER_TIMEOUT);

    it('rejects a recipe it does not know with the worker’s reason', async () => {
      const renderer = createSampleRenderer({ workerScript });
      try {
        await expect(renderer.render('atlantis')).rejects.toThrow('the sample render worker failed: no sample place "atlantis"');
      } finally {
        await renderer.close();
      }
    }, RENDER_TIMEOUT);

    it('stops its threads when the store that owns it closes, failing the fetch it was painting for', async () => {
      const renderer = createSampleRenderer({ workerScript });
      const store = new LocalImageStore(dataDir, { renderers: [renderer] });
      ensureSampleSet(store);

      const fetching = expect(store.fetchImage(sampleImageId('ca-banff'))).rejects.toMatchObject({
        name: 'ImageryUnavailableError',
        cause: { message: expect.stringMatching(/the sample render workers (were|are) closed/) },
      });
      await store.close();
      await fetching;
      await expect(renderer.render('ca-banff')).rejects.toThrow('the sample render workers are closed');
    }, RENDER_TIMEOUT);

    it('runs from the built code with its default worker, and lets the process exit once closed', async () => {
      const entry = join(compiled, 'render-one.js');
      await writeFile(
        entry,
        `
        import { createSampleRenderer } from './imagery/sample/sample-renderer.js';
        const renderer = createSampleRenderer();
        let last = performance.now();
        let longestGap = 0;
        const ticker = setInterval(() => {
          longestGap = Math.max(longestGap, performance.now() - last);
          last = performance.now();
        }, 10);
        const started = performance.now();
        const jpeg = await renderer.render('eg-aswan');
        longestGap = Math.max(longestGap, performance.now() - last);
        const elapsed = performance.now() - started;
        clearInterval(ticker);
        await renderer.close();
        console.log(JSON.stringify({ magic: [...jpeg.subarray(0, 3)], longestGap, elapsed }));
      `,
      );
      // A worker or handle left open would keep the process alive until the timeout kills it.
      const { stdout } = await execute(process.execPath, [entry], { timeout: RENDER_TIMEOUT / 2 });
      const report = JSON.parse(stdout) as { magic: number[]; longestGap: number; elapsed: number };
      expect(report.magic).toEqual([0xff, 0xd8, 0xff]);
      expect(report.longestGap).toBeLessThan(report.elapsed / 3);
    }, RENDER_TIMEOUT);
  });
});
