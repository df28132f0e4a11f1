import { scaledClock } from './clock.js';
import { TimerScheduler } from './timer-scheduler.js';

const done = () => {
  let resolve!: (value: number) => void;
  const promise = new Promise<number>((r) => (resolve = r));
  return { promise, resolve };
};

describe('TimerScheduler', () => {
  it('runs a task when its clock reaches the time, on a fast clock in a fraction of real time', async () => {
    const clock = scaledClock(50);
    const scheduler = new TimerScheduler(clock);
    const fired = done();
    const at = clock.now() + 5_000;
    const started = Date.now();
    scheduler.schedule('a', at, async () => fired.resolve(clock.now()));
    expect(await fired.promise).toBeGreaterThanOrEqual(at);
    expect(Date.now() - started).toBeLessThan(2_000);
    await scheduler.stop();
  });

  it('replaces a key when it is scheduled again, and cancels what is not kept', async () => {
    const clock = scaledClock(50);
    const scheduler = new TimerScheduler(clock);
    const runs: string[] = [];
    const last = done();
    scheduler.schedule('game-1:end', clock.now() + 60_000, async () => void runs.push('late'));
    scheduler.schedule('game-1:end', clock.now() + 100, async () => void runs.push('early'));
    scheduler.schedule('game-1:begin', clock.now() + 200, async () => void runs.push('dropped'));
    scheduler.cancelOthers('game-1:', new Set(['game-1:end']));
    scheduler.schedule('game-2:x', clock.now() + 500, async () => last.resolve(0));
    await last.promise;
    expect(runs).toEqual(['early']);
    expect(scheduler.pending()).toEqual([]);
    await scheduler.stop();
  });

  it('waits for a running task on stop, and schedules nothing afterwards', async () => {
    const clock = scaledClock(1);
    const scheduler = new TimerScheduler(clock);
    const started = done();
    let finished = false;
    scheduler.schedule('slow', clock.now(), async () => {
      started.resolve(0);
      await new Promise((resolve) => setImmediate(resolve));
      finished = true;
    });
    await started.promise;
    await scheduler.stop();
    expect(finished).toBe(true);
    scheduler.schedule('after', clock.now(), async () => undefined);
    expect(scheduler.pending()).toEqual([]);
  });
});
