import { importWithRetry, isModuleLoadFailure } from './module-import';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: /assets/game-route-1a2b.js');

describe('loading a code chunk', () => {
  it('retries a failed chunk 3 times, 500 ms apart, and succeeds when it loads', async () => {
    const waits: number[] = [];
    let calls = 0;
    const module = await importWithRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw chunkFailure();
        return { GameRoute: 'loaded' };
      },
      async (ms) => void waits.push(ms),
    );
    expect(module).toEqual({ GameRoute: 'loaded' });
    expect(waits).toEqual([500, 500]);
  });

  it('gives up after the third retry with the browser’s error, which the error screen turns into a reload', async () => {
    let calls = 0;
    const failing = importWithRetry(async () => {
      calls += 1;
      throw chunkFailure();
    }, async () => undefined);
    await expect(failing).rejects.toThrow(/dynamically imported module/);
    expect(calls).toBe(4);
  });

  it('does not retry an error that is not a failed load', async () => {
    let calls = 0;
    await expect(
      importWithRetry(async () => {
        calls += 1;
        throw new ReferenceError('x is not defined');
      }, async () => undefined),
    ).rejects.toThrow('x is not defined');
    expect(calls).toBe(1);
    expect(isModuleLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isModuleLoadFailure(new Error('error loading dynamically imported module'))).toBe(true);
  });
});
