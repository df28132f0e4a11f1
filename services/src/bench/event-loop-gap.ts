import { performance } from 'node:perf_hooks';

/**
 * Runs `work` while a timer ticks every `tickMs`, and says the longest the event loop went without a tick:
 * how long the work (or anything else) kept the loop from answering.
 */
export async function longestGapWhile<T>(work: () => Promise<T>, tickMs = 5): Promise<{ value: T; longestGap: number; elapsed: number }> {
  const started = performance.now();
  let last = started;
  let longestGap = 0;
  const tick = () => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  };
  const ticker = setInterval(tick, tickMs);
  try {
    const value = await work();
    tick();
    return { value, longestGap, elapsed: performance.now() - started };
  } finally {
    clearInterval(ticker);
  }
}
