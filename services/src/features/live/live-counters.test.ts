import { InProcessBus } from '../../platform/bus/in-process-bus.js';
import type { Clock } from '../../platform/time/clock.js';
import { LiveCounters, PRESENCE_TTL_MS } from './live-counters.js';

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  } as Clock & { advance(ms: number): void };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never: ${what}`);
}

describe('LiveCounters across replicas', () => {
  it('counts alone without a bus', () => {
    const counters = new LiveCounters(manualClock());
    counters.enter('lobby', 'ada');
    counters.enter('arena', 'bo');
    expect(counters.current()).toEqual({ arena: 1, lobby: 1 });
  });

  it('every replica counts the players of all of them, an API replica with no sockets too, and forgets a silent one', async () => {
    const bus = new InProcessBus();
    const clock = manualClock();
    const [a, b, api] = [new LiveCounters(clock, bus), new LiveCounters(clock, bus), new LiveCounters(clock, bus)];
    await Promise.all([a, b, api].map((counters) => counters.onModuleInit()));
    const pushed: number[] = [];
    b.onChange(({ lobby }) => pushed.push(lobby));

    a.enter('lobby', 'ada');
    b.enter('lobby', 'bo');
    // The same player on two replicas counts once.
    a.enter('arena', 'cy');
    b.enter('arena', 'cy');
    await until(() => api.current().lobby === 2 && api.current().arena === 1, 'the API replica hears both');
    for (const counters of [a, b, api]) expect(counters.current()).toEqual({ arena: 1, lobby: 2 });
    expect(pushed.at(-1)).toBe(2);

    // Replica A goes away without a word: after the TTL only B's players count.
    await a.onModuleDestroy();
    clock.advance(PRESENCE_TTL_MS + 1);
    await b.tell(); // B's heartbeat
    await until(() => api.current().lobby === 1, 'the API replica forgets A');
    expect(api.current()).toEqual({ arena: 1, lobby: 1 });
    await Promise.all([b.onModuleDestroy(), api.onModuleDestroy()]);
    await bus.close();
  });
});
