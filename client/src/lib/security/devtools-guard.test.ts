import { DEVTOOLS_CHECK_MS, type DetectorClock, isDevToolsShortcut, isExempt, watchForDevTools } from './devtools-guard';

/** A clock the test moves: `every` runs its check at each tick; the probe takes `pauseMs` of fake time. */
function fakeClock() {
  let time = 0;
  let check: (() => void) | null = null;
  let pauseMs = 0;
  const clock: DetectorClock = {
    now: () => time,
    every(ms, run) {
      expect(ms).toBe(DEVTOOLS_CHECK_MS);
      check = run;
      return () => (check = null);
    },
    probe: () => void (time += pauseMs),
  };
  return {
    clock,
    tick(pause: number) {
      pauseMs = pause;
      time += DEVTOOLS_CHECK_MS;
      check?.();
    },
    get running() {
      return check !== null;
    },
  };
}

describe('Developer Tools detection (SPEC §8)', () => {
  it('stays quiet while every check runs straight through, even a slow one of 900 ms', () => {
    const fake = fakeClock();
    const detected: number[] = [];
    watchForDevTools(fake.clock, (paused) => detected.push(paused));
    for (const pause of [0, 3, 250, 900]) fake.tick(pause);
    expect(detected).toEqual([]);
    expect(fake.running).toBe(true);
  });

  it('reports once, and stops checking, when a check is held over 900 ms', () => {
    const fake = fakeClock();
    const detected: number[] = [];
    watchForDevTools(fake.clock, (paused) => detected.push(paused));
    fake.tick(0);
    fake.tick(2_400);
    fake.tick(5_000);
    expect(detected).toEqual([2_400]);
    expect(fake.running).toBe(false);
  });

  it('can be stopped', () => {
    const fake = fakeClock();
    const detected: number[] = [];
    const stop = watchForDevTools(fake.clock, (paused) => detected.push(paused));
    stop();
    fake.tick(5_000);
    expect(detected).toEqual([]);
  });

  it('exempts the configured user-id prefixes only', () => {
    expect(isExempt('staff-42', ['staff-', 'ops-'])).toBe(true);
    expect(isExempt('player-1', ['staff-'])).toBe(false);
    expect(isExempt('anything', [''])).toBe(false);
    expect(isExempt(null, ['staff-'])).toBe(false);
  });

  it('recognises the shortcuts that open Developer Tools or the source', () => {
    const key = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
      isDevToolsShortcut({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key('F12')).toBe(true);
    expect(key('I', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(key('j', { metaKey: true, altKey: true })).toBe(true);
    expect(key('u', { ctrlKey: true })).toBe(true);
    expect(key('c', { ctrlKey: true })).toBe(false);
    expect(key(' ')).toBe(false);
    expect(key('Enter')).toBe(false);
  });
});
