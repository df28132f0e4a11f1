/**
 * Prints what re-encoding a picture for a round costs (see README "Serving provider pictures"): for a
 * sample scene as the renderer makes it, and for photo-like panoramas as large as providers serve (5760,
 * 8192 and 11008 pixels wide: 360° cameras, Panoramax's biggest `hd` assets), the median time of a
 * variant, the bytes in and out, and the longest the event loop went without a turn meanwhile. From
 * services/:
 *   node ../scripts/compile.mjs src ../node_modules/.cache/globetrail-preview &&
 *   node ../node_modules/.cache/globetrail-preview/imagery/proxy/variant-bench.js [runs]
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { renderSampleRecipe } from '../sample/sample-renderer.js';
import { SAMPLE_PLACES } from '../sample/sample-places.js';
import { varyPicture } from './vary-picture.js';
import { longestGapWhile } from '../../bench/event-loop-gap.js';

const runs = Number(process.argv[2] ?? 5);

/** Texture like a photograph's (about 2.4 bits a pixel at quality 90) over a scene's shapes, `width` wide. */
async function photoLike(scene: Buffer, width: number): Promise<Buffer> {
  const height = width / 2;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png({ compressionLevel: 1 }).toBuffer();
  return sharp(scene).resize(width, height).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 90 }).toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

const scene = await renderSampleRecipe(SAMPLE_PLACES[0]!.key);
const sources: Array<[string, Buffer]> = [['sample scene 2048', scene]];
for (const width of [5760, 8192, 11008]) sources.push([`photo-like ${width}`, await photoLike(scene, width)]);

console.log(`libvips ${sharp.versions.vips}, ${sharp.concurrency()} thread(s) per picture; ${runs} variants each`);
// What the machine itself does to a 5 ms timer, for comparison: a loaded machine delays it without our help.
const idle = await longestGapWhile(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
console.log(`idle for 2 s: longest event-loop gap ${idle.longestGap.toFixed(0)} ms`);
for (const [name, source] of sources) {
  const times: number[] = [];
  const cpu: number[] = [];
  const gaps: number[] = [];
  const sizes: number[] = [];
  let widths = '';
  for (let run = 0; run < runs; run++) {
    const seed = createHash('sha256').update(`${name} ${run}`).digest();
    const before = process.cpuUsage();
    const { value, longestGap, elapsed } = await longestGapWhile(() => varyPicture(source, seed, (run * 73.3) % 360));
    const used = process.cpuUsage(before);
    times.push(elapsed);
    // All of the process's threads: libvips' and the (mostly idle) main thread. Unlike wall time, a busy machine barely changes it.
    cpu.push((used.user + used.system) / 1000);
    gaps.push(longestGap);
    sizes.push(value.body.length);
    widths = `${value.plan.width}×${value.plan.height}`;
  }
  console.log(
    `${name.padEnd(18)} in ${mb(source.length).padStart(9)}  out ${mb(median(sizes)).padStart(9)} (last ${widths})  median ${median(times).toFixed(0).padStart(5)} ms (CPU ${median(cpu).toFixed(0).padStart(5)} ms)  max ${Math.max(...times).toFixed(0).padStart(5)} ms  longest event-loop gap ${Math.max(...gaps).toFixed(0)} ms`,
  );
}
console.log(`peak resident memory ${mb(process.resourceUsage().maxRSS * 1024)}`);
