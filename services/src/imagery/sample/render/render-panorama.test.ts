import { jest } from '@jest/globals';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { conventionsOf } from '../countries.js';
import { SAMPLE_PLACES, samplePlace } from '../sample-places.js';
import { renderSamplePanorama } from './render-panorama.js';
import { buildScene } from './scene.js';

const SOI = 0xd8;
const SOS = 0xda;
const APP1 = 0xe1;
const COM = 0xfe;

/** Marker bytes of the header segments, up to the start of the image data. */
function headerMarkers(jpeg: Buffer): number[] {
  expect([jpeg[0], jpeg[1]]).toEqual([0xff, SOI]);
  const markers: number[] = [];
  for (let offset = 2; offset + 4 <= jpeg.length; offset += 2 + jpeg.readUInt16BE(offset + 2)) {
    expect(jpeg[offset]).toBe(0xff);
    markers.push(jpeg[offset + 1]!);
    if (jpeg[offset + 1] === SOS) break;
  }
  return markers;
}

async function pixelsOf(jpeg: Buffer) {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
}

function columnDifference(image: { width: number; height: number; data: Uint8ClampedArray }, a: number, b: number) {
  let total = 0;
  for (let y = 0; y < image.height; y += 1) {
    for (let channel = 0; channel < 3; channel += 1) {
      total += Math.abs(image.data[(y * image.width + a) * 4 + channel]! - image.data[(y * image.width + b) * 4 + channel]!);
    }
  }
  return total / (image.height * 3);
}

const place = (key: string) => {
  const found = samplePlace(key);
  if (!found) throw new Error(`no sample place ${key}`);
  return found;
};

describe('a rendered sample panorama', () => {
  // Painting a 2048×1024 scene takes about a second; on a busy 2-core machine, several.
  jest.setTimeout(30_000);
  it('is a 2048×1024 JPEG with no APP1 (EXIF/XMP) or comment segment that could say where it is', async () => {
    const jpeg = await renderSamplePanorama(place('jp-biei'));
    const image = await loadImage(jpeg);

    expect({ width: image.width, height: image.height }).toEqual({ width: 2048, height: 1024 });
    const markers = headerMarkers(jpeg);
    expect(markers).toContain(SOS);
    expect(markers).not.toContain(APP1);
    expect(markers).not.toContain(COM);
    expect(jpeg.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('comes out byte for byte the same every time for the same place', async () => {
    const first = await renderSamplePanorama(place('eg-aswan'), 512);
    const second = await renderSamplePanorama(place('eg-aswan'), 512);
    expect(first.equals(second)).toBe(true);
  });

  it('has no seam where the first and last columns meet at yaw ±180°', async () => {
    for (const key of ['fr-arles', 'nz-queenstown']) {
      const image = await pixelsOf(await renderSamplePanorama(place(key), 1024));
      const acrossSeam = columnDifference(image, 0, image.width - 1);
      const neighbours = columnDifference(image, image.width / 2, image.width / 2 + 1);
      const opposite = columnDifference(image, 0, image.width / 2);
      expect(acrossSeam).toBeLessThan(Math.max(4, neighbours * 3));
      expect(acrossSeam).toBeLessThan(opposite / 3);
    }
  });

  it('keeps the horizon level: sky above, ground below, all the way round', async () => {
    const image = await pixelsOf(await renderSamplePanorama(place('ar-el-calafate'), 512));
    const brightness = (x: number, y: number) => {
      const offset = (y * image.width + x) * 4;
      return image.data[offset]! + image.data[offset + 1]! + image.data[offset + 2]!;
    };
    for (let x = 0; x < image.width; x += 16) {
      expect(brightness(x, 20)).toBeGreaterThan(brightness(x, image.height - 20));
    }
  });
});

describe('the scene of every sample place', () => {
  it.each(SAMPLE_PLACES.filter((entry) => Math.abs(entry.lat) > 1).map((entry) => [entry.key, entry] as const))(
    '%s: the camera is in the lane traffic uses there, and the sun stands towards the equator',
    (_key, entry) => {
      const scene = buildScene(entry, 256);
      const keepsRight = conventionsOf(entry.iso).drivingSide === 'right';
      expect(scene.camera.v > 0).toBe(keepsRight);

      const bearing = scene.heading + Math.atan2(scene.sky.sun.v, scene.sky.sun.u);
      const northwards = Math.cos(bearing);
      expect(northwards > 0).toBe(entry.lat < 0);
      expect(scene.sky.sun.z).toBeGreaterThan(0.1);
    },
  );
});
