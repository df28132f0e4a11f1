import { FairQueue } from './fair-queue.js';

/** A task that finishes when the test says, recording when it started. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: async () => { log.push(name); await done; return name; }, finish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  it('serves keys round robin: one key’s sixty waiting tasks delay another’s one by one task, not sixty', async () => {
    const queue = new FairQueue(1);
    const log: string[] = [];
    const script = Array.from({ length: 60 }, (_, index) => held(log, `script-${index}`));
    const running = script.map((item) => queue.run('script', 1, item.task).result);
    const honest = held(log, 'honest');
    const answered = queue.run('honest', 1, honest.task).result;
    await turn();
    expect(log).toEqual(['script-0']);
    script[0]!.finish();
    await turn();
    expect(log).toEqual(['script-0', 'honest']);
    honest.finish();
    await expect(answered).resolves.toBe('honest');
    for (const item of script) item.finish();
    await Promise.all(running);
    expect(log.slice(2)).toEqual(script.slice(1).map((_, index) => `script-${index + 1}`));
  });

  it('runs more urgent tasks first, and a raised task moves up while it waits', async () => {
    const queue = new FairQueue(1);
    const log: string[] = [];
    const first = held(log, 'first');
    queue.run('a', 1, first.task);
    const background = held(log, 'background');
    const raised = queue.run('b', 2, background.task);
    const normal = held(log, 'normal');
    queue.run('c', 1, normal.task);
    const urgent = held(log, 'urgent');
    queue.run('d', 0, urgent.task);
    raised.raise(0);
    for (const item of [first, urgent, background, normal]) {
      await turn();
      item.finish();
    }
    await turn();
    expect(log).toEqual(['first', 'urgent', 'background', 'normal']);
  });

  it('runs up to its concurrency at once, and a failing task frees its place', async () => {
    const queue = new FairQueue(2);
    const log: string[] = [];
    const failing = queue.run('a', 1, async () => {
      log.push('failing');
      throw new Error('no picture');
    }).result;
    const slow = held(log, 'slow');
    queue.run('b', 1, slow.task);
    const after = held(log, 'after');
    const last = queue.run('c', 1, after.task).result;
    await expect(failing).rejects.toThrow('no picture');
    await turn();
    expect(log).toEqual(['failing', 'slow', 'after']);
    after.finish();
    slow.finish();
    await expect(last).resolves.toBe('after');
    expect(queue.waiting).toBe(0);
  });

  it('keeps a place free for other keys when one key may hold fewer than all', async () => {
    const queue = new FairQueue(2, 1);
    const log: string[] = [];
    const script = Array.from({ length: 5 }, (_, index) => held(log, `script-${index}`));
    for (const item of script) queue.run('script', 1, item.task);
    await turn();
    // One of the script's at a time, though two may run.
    expect(log).toEqual(['script-0']);
    const honest = held(log, 'honest');
    const answered = queue.run('honest', 1, honest.task).result;
    await turn();
    expect(log).toEqual(['script-0', 'honest']);
    honest.finish();
    await answered;
    for (const item of script) {
      item.finish();
      await turn();
    }
    expect(log).toHaveLength(6);
  });
});
