/**
 * Prints how long the event loop stalls while sample pictures render, on the calling thread and on a
 * worker thread (see README "Off the event loop"). From services/:
 *   node ../scripts/compile.mjs src ../node_modules/.cache/globetrail-preview &&
 *   node ../node_modules/.cache/globetrail-preview/imagery/sample/render-stall-bench.js [key…]
 */
import { createSampleRenderer } from './sample-renderer.js';
import { longestGapWhile } from '../../bench/event-loop-gap.js';

const keys = process.argv.length > 2 ? process.argv.slice(2) : ['jp-biei', 'eg-aswan', 'ca-banff', 'jp-biei', 'eg-aswan'];

for (const workers of [0, 1]) {
  const renderer = createSampleRenderer({ workers });
  for (const key of keys) {
    const { longestGap, elapsed } = await longestGapWhile(() => renderer.render(key), 10);
    const where = workers ? 'worker thread ' : 'calling thread';
    const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
    console.log(`${where}  ${key.padEnd(16)} longest gap ${ms(longestGap)}  render ${ms(elapsed)}`);
  }
  await renderer.close();
}
