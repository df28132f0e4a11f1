/**
 * Prints how long the event loop stalls while sample pictures render, on the calling thread and on a
 * worker thread (see README "Off the event loop"). From services/:
 *   node ../scripts/compile.mjs src ../node_modules/.cache/globetrail-preview &&
 *   node ../node_modules/.cache/globetrail-preview/imagery/sample/render-stall-bench.js [key…]
 */
import { createSampleRenderer } from './sample-renderer.js';

const keys = process.argv.length > 2 ? process.argv.slice(2) : ['jp-biei', 'eg-aswan', 'ca-banff', 'jp-biei', 'eg-aswan'];

async function longestGapWhile(work: () => Promise<unknown>) {
  const started = performance.now();
  let last = started;
  let longestGap = 0;
  const tick = () => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  };
  const ticker = setInterval(tick, 10);
  await work();
  tick();
  clearInterval(ticker);
  return { longestGap, elapsed: performance.now() - started };
}

for (const workers of [0, 1]) {
  const renderer = createSampleRenderer({ workers });
  for (const key of keys) {
    const { longestGap, elapsed } = await longestGapWhile(() => renderer.render(key));
    const where = workers ? 'worker thread ' : 'calling thread';
    const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
    console.log(`${where}  ${key.padEnd(16)} longest gap ${ms(longestGap)}  render ${ms(elapsed)}`);
  }
  await renderer.close();
}
