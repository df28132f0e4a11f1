import { KeyedQueue } from './keyed-queue.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('KeyedQueue', () => {
  it('runs work of one key one at a time, in order, and other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const gate = deferred();
    const first = queue.run('a', async () => {
      log.push('a1 start');
      await gate.promise;
      log.push('a1 end');
    });
    const second = queue.run('a', async () => void log.push('a2'));
    const other = queue.run('b', async () => void log.push('b1'));
    await other;
    expect(log).toEqual(['a1 start', 'b1']);
    gate.resolve();
    await Promise.all([first, second]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
    await Promise.resolve();
    expect(queue.size).toBe(0);
  });

  it('fails only the caller whose work failed; the next work of that key still runs', async () => {
    const queue = new KeyedQueue();
    const failing = queue.run('a', async () => {
      throw new Error('refused');
    });
    const next = queue.run('a', async () => 'ran');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
  });
});
