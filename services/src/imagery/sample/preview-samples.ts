/**
 * Writes sample panoramas to a folder to look at, with render times: each as the JPEG the store serves,
 * a PNG of it, and four 90° views (ahead, right, behind, left of the initial heading) as a 360° viewer
 * shows them. From services/:
 *   node ../scripts/compile.mjs src ../node_modules/.cache/globetrail-preview &&
 *   node ../node_modules/.cache/globetrail-preview/imagery/sample/preview-samples.js /tmp/samples [key…]
 * With no keys it renders every sample place.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { renderSamplePanorama } from './render/render-panorama.js';
import { roadHeading } from './render/scene.js';
import { SAMPLE_PLACES } from './sample-places.js';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** A rectilinear view of an equirectangular image, looking at compass `yaw` (image centre = north). */
function perspective(source: Uint8ClampedArray, width: number, height: number, yaw: number, size: number): Buffer {
  const canvas = createCanvas(size, Math.round(size * 0.66));
  const context = canvas.getContext('2d');
  const view = context.createImageData(canvas.width, canvas.height);
  const focal = size / 2 / Math.tan(toRadians(45));
  for (let y = 0; y < canvas.height; y += 1) {
    for (let x = 0; x < canvas.width; x += 1) {
      const right = x - canvas.width / 2;
      const up = canvas.height / 2 - y;
      const bearing = toRadians(yaw) + Math.atan2(right, focal);
      const pitch = Math.atan2(up, Math.hypot(right, focal));
      const sx = Math.floor(((((bearing + Math.PI) / (2 * Math.PI)) % 1) + 1) % 1 * width);
      const sy = Math.min(height - 1, Math.floor((0.5 - pitch / Math.PI) * height));
      const from = (sy * width + sx) * 4;
      view.data.set(source.subarray(from, from + 4), (y * canvas.width + x) * 4);
    }
  }
  context.putImageData(view, 0, 0);
  return canvas.toBuffer('image/png');
}

const [folder = '/tmp/globetrail-samples', ...keys] = process.argv.slice(2);
mkdirSync(folder, { recursive: true });
const places = keys.length ? SAMPLE_PLACES.filter((place) => keys.includes(place.key)) : SAMPLE_PLACES;
const times: number[] = [];
const cpuTimes: number[] = [];
for (const place of places) {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const jpeg = await renderSamplePanorama(place);
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  times.push(elapsed);
  cpuTimes.push(cpuMs);
  writeFileSync(join(folder, `${place.key}.jpg`), jpeg);
  const size = `${(jpeg.length / 1024).toFixed(0).padStart(5)} KiB`;
  console.log(`${place.key.padEnd(22)} ${elapsed.toFixed(0).padStart(5)} ms wall ${cpuMs.toFixed(0).padStart(5)} ms cpu ${size}`);
  if (keys.length === 0) continue;
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  writeFileSync(join(folder, `${place.key}.png`), canvas.toBuffer('image/png'));
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  for (const [name, turn] of [['ahead', 0], ['right', 90], ['behind', 180], ['left', 270]] as const) {
    const view = perspective(pixels, image.width, image.height, roadHeading(place) + turn, 900);
    writeFileSync(join(folder, `${place.key}-${name}.png`), view);
  }
}
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted[sorted.length - 1]?.toFixed(0)} ms`;
};
console.log(`wall: ${summary(times)}; cpu: ${summary(cpuTimes)} (first render includes JIT warm-up and font loading)`);
