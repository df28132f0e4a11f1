import { threadId } from 'node:worker_threads';
import { WorkerPool } from './worker-pool.js';

/** A worker as an ES module in a data: URL, speaking the pool's protocol (what answerRequests does). */
const workerOf = (handle: string) =>
  new URL(
    `data:text/javascript,${encodeURIComponent(`
      import { parentPort, threadId } from 'node:worker_threads';
      const handle = ${handle};
      parentPort.on('message', async ({ id, request }) => {
        try {
          const bytes = new Uint8Array(await handle(request)).buffer;
          parentPort.postMessage({ id, ok: true, value: { threadId, bytes } }, [bytes]);
        } catch (error) {
          parentPort.postMessage({ id, ok: false, error: { name: error.name, message: error.message, stack: error.stack } });
        }
      });
    `)}`,
  );

type Answer = { threadId: number; bytes: ArrayBuffer };

const lengthOf = workerOf(`async (length) => new Array(length).fill(7)`);
const moody = workerOf(`async (request) => {
  if (request === 'refuse') throw new RangeError('no thank you');
  if (request === 'crash') return new Promise(() => setTimeout(() => { throw new Error('boom'); }));
  if (request === 'exit') process.exit(7);
  if (request === 'hang') return new Promise(() => {});
  return [1, 2, 3];
}`);

describe('a worker pool', () => {
  let pools: WorkerPool<unknown, Answer>[];
  const poolOf = (script: URL, size = 1) => {
    const pool = new WorkerPool<unknown, Answer>(script, { size, name: 'test' });
    pools.push(pool);
    return pool;
  };

  beforeEach(() => {
    pools = [];
  });
  afterEach(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  it('answers each request on another thread, with the bytes the worker made', async () => {
    const answer = await poolOf(lengthOf).run(5);
    expect(answer.threadId).not.toBe(threadId);
    expect([...new Uint8Array(answer.bytes)]).toEqual([7, 7, 7, 7, 7]);
  });

  it('runs requests on at most `size` threads and answers every one', async () => {
    const pool = poolOf(lengthOf, 2);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((length) => pool.run(length)));
    expect(answers.map((answer) => answer.bytes.byteLength)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(answers.map((answer) => answer.threadId)).size).toBeLessThanOrEqual(2);
  });

  it('rejects a request the worker fails with the worker’s reason, and goes on with the same thread', async () => {
    const pool = poolOf(moody);
    const before = await pool.run('fine');
    const refused = await pool.run('refuse').catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe('the test worker failed: no thank you');
    expect((refused as Error).cause).toMatchObject({ name: 'RangeError', message: 'no thank you' });
    expect((await pool.run('fine')).threadId).toBe(before.threadId);
  });

  it('fails only the request whose thread crashed, and starts another thread for the next', async () => {
    const pool = poolOf(moody);
    const first = await pool.run('fine');
    await expect(pool.run('crash')).rejects.toThrow('the test worker crashed: boom');
    const second = await pool.run('fine');
    await expect(pool.run('exit')).rejects.toThrow('the test worker stopped with exit code 7');
    const third = await pool.run('fine');
    expect(new Set([first.threadId, second.threadId, third.threadId]).size).toBe(3);
  });

  it('fails the requests queued behind a crash only if their own thread fails', async () => {
    const pool = poolOf(moody);
    const results = await Promise.allSettled([pool.run('crash'), pool.run('fine'), pool.run('fine')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });

  it('says why when the worker script cannot be loaded', async () => {
    const pool = poolOf(new URL('file:///nonexistent/globetrail-worker.js'));
    await expect(pool.run('fine')).rejects.toThrow(/the test worker crashed: Cannot find module/);
  });

  it('rejects running, queued and later requests once closed', async () => {
    const pool = poolOf(moody);
    await pool.run('fine');
    const running = expect(pool.run('hang')).rejects.toThrow('the test workers were closed');
    const queued = expect(pool.run('fine')).rejects.toThrow('the test workers were closed');
    await pool.close();
    await Promise.all([running, queued]);
    await expect(pool.run('fine')).rejects.toThrow('the test workers are closed');
  });

  it('needs at least one thread', () => {
    expect(() => new WorkerPool(lengthOf, { size: 0, name: 'test' })).toThrow(RangeError);
  });
});
