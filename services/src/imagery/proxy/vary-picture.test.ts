import { createHash } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { servedBearing } from '@globetrail/contracts';
import { jpegSize } from '../local/jpeg-size.js';
import { KERNELS, MAX_WIDTH, MIN_SCALE, planVariant, QUALITY_RANGE, UnreadablePictureError, varyPicture } from './vary-picture.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const seed = (n: number) => createHash('sha256').update(`seed ${n}`).digest();

/**
 * A 2:1 panorama whose every column says which compass bearing it faces: red and green are the cosine and
 * sine of the bearing (centre north, bearings growing to the right, as every picture we serve is drawn),
 * smooth enough to survive scaling and JPEG.
 */
async function compassPanorama(width: number): Promise<Buffer> {
  const height = width / 2;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(width, height);
  for (let x = 0; x < width; x++) {
    const bearing = (((x + 0.5) / width) * 2 * Math.PI) - Math.PI;
    for (let y = 0; y < height; y++) {
      const at = (y * width + x) * 4;
      image.data[at] = Math.round(128 + 100 * Math.cos(bearing));
      image.data[at + 1] = Math.round(128 + 100 * Math.sin(bearing));
      image.data[at + 2] = 128;
      image.data[at + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  return canvas.encode('jpeg', 92);
}

/** The compass bearing the column at `yaw` degrees of a compass panorama shows (read from its middle rows). */
async function bearingAtYaw(jpeg: Buffer, yaw: number): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const x = Math.floor((((yaw + 180) % 360 + 360) % 360 / 360) * info.width);
  let red = 0;
  let green = 0;
  const rows = [Math.floor(info.height / 3), Math.floor(info.height / 2), Math.floor((2 * info.height) / 3)];
  for (const y of rows) {
    red += data[(y * info.width + x) * info.channels]! - 128;
    green += data[(y * info.width + x) * info.channels + 1]! - 128;
  }
  return ((Math.atan2(green, red) * 180) / Math.PI + 360) % 360;
}

const angleBetween = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('a picture varied for a round', () => {
  let source: Buffer;
  beforeAll(async () => {
    source = await compassPanorama(1024);
  });

  it('is other bytes, another hash, and over several rounds other sizes and widths, under another round seed', async () => {
    const served = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => varyPicture(source, seed(n), n * 37.5)));
    const hashes = new Set(served.map(({ body }) => sha256(body)));
    expect(hashes.size).toBe(6);
    expect(hashes.has(sha256(source))).toBe(false);
    expect(new Set(served.map(({ body }) => body.length)).size).toBeGreaterThan(1);
    const sizes = served.map(({ body }) => jpegSize(body)!);
    expect(new Set(sizes.map(({ width }) => width)).size).toBeGreaterThan(1);
    for (const [index, { width, height }] of sizes.entries()) {
      // Still an equirectangular panorama, twice as wide as high, and as the plan said.
      expect(width).toBe(2 * height);
      expect({ width, height }).toEqual({ width: served[index]!.plan.width, height: served[index]!.plan.height });
      expect(width).toBeGreaterThanOrEqual(Math.floor(1024 * MIN_SCALE));
      expect(width).toBeLessThanOrEqual(1024);
    }
  });

  it('is the same bytes under the same seed (a reload, or another player of the round)', async () => {
    const [a, b] = await Promise.all([varyPicture(source, seed(7), 123.4), varyPicture(source, seed(7), 123.4)]);
    expect(a.body.equals(b.body)).toBe(true);
    expect(a.plan).toEqual(b.plan);
  });

  it('keeps what the player starts facing: the heading the client gets shows the bearing the round starts at', async () => {
    for (const [n, yawOffset, heading] of [[1, 0, 90], [2, 90, 90], [3, 123.4, 10], [4, 270.1, 300], [5, 359.9, 0], [6, 200, 185.5]] as const) {
      const { body } = await varyPicture(source, seed(n), yawOffset);
      const yaw = servedBearing(heading, yawOffset);
      expect(angleBetween(await bearingAtYaw(body, yaw), heading)).toBeLessThan(2);
      // The whole picture turned, not just its start: a quarter turn to the right shows a quarter turn on.
      expect(angleBetween(await bearingAtYaw(body, yaw + 90), heading + 90)).toBeLessThan(2);
    }
  });

  it('keeps only the window around the start view for an NMPZ round: the middle of the turned picture, nothing else', async () => {
    const window = { horizontalDegrees: 120, verticalDegrees: 80 };
    const full = await varyPicture(source, seed(8), 42);
    const cut = await varyPicture(source, seed(8), 42, { window });
    expect(cut.plan).toEqual(full.plan);
    const { width, height } = jpegSize(cut.body)!;
    expect(Math.abs(width - full.plan.width / 3)).toBeLessThanOrEqual(1);
    expect(Math.abs(height - (full.plan.height * 80) / 180)).toBeLessThanOrEqual(1);
    // The same pixels as the middle of the whole picture (up to JPEG's own noise), so the start view is its centre.
    const middle = await sharp(full.body).extract({ left: Math.round((full.plan.width - width) / 2), top: Math.round((full.plan.height - height) / 2), width, height }).greyscale().raw().toBuffer();
    const window8 = await sharp(cut.body).greyscale().raw().toBuffer();
    const difference = middle.reduce((sum, value, index) => sum + Math.abs(value - window8[index]!), 0) / middle.length;
    expect(difference).toBeLessThan(6);
  });

  it('carries no metadata: no Exif, XMP or comment, whatever the source had', async () => {
    const leaky = await sharp(source)
      .withExif({ IFD0: { ImageDescription: 'secret place 48.8584,2.2945' } })
      .jpeg()
      .toBuffer();
    expect(leaky.toString('latin1')).toContain('secret place');
    const { body } = await varyPicture(leaky, seed(8), 12);
    expect(body.toString('latin1')).not.toContain('secret place');
    const markers = segmentMarkers(body);
    expect(markers.filter((marker) => (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe)).toEqual([]);
  });

  it("applies a picture's colour profile instead of passing it on (a camera's own profile can name the camera)", async () => {
    const orange = { r: 200, g: 100, b: 50 };
    const wideGamut = await sharp({ create: { width: 256, height: 128, channels: 3, background: orange } }).withIccProfile('p3').jpeg({ quality: 95 }).toBuffer();
    const stored = await sharp(wideGamut, { ignoreIcc: true }).raw().toBuffer();
    expect(Math.abs(stored[0]! - orange.r)).toBeGreaterThan(5);
    for (const yawOffset of [0, 90]) {
      const { body } = await varyPicture(wideGamut, seed(10), yawOffset);
      expect((await sharp(body).metadata()).icc).toBeUndefined();
      const [r, g, b] = await sharp(body, { ignoreIcc: true }).raw().toBuffer();
      expect(Math.max(Math.abs(r! - orange.r), Math.abs(g! - orange.g), Math.abs(b! - orange.b))).toBeLessThanOrEqual(3);
    }
  });

  it('refuses what it cannot decode', async () => {
    await expect(varyPicture(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3]), seed(9), 0)).rejects.toThrow(UnreadablePictureError);
    await expect(varyPicture(Buffer.from('not a picture at all, only words'), seed(9), 0)).rejects.toThrow(UnreadablePictureError);
  });
});

describe('a variant plan', () => {
  it('stays within its ranges, brings wide pictures down to the texture limit, and keeps other shapes', () => {
    const kernels = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const plan = planVariant(seed(n), { width: 2048, height: 1024 }, (n * 7.3) % 360);
      expect(plan.width).toBe(2 * plan.height);
      expect(plan.width).toBeGreaterThanOrEqual(Math.floor(2048 * MIN_SCALE));
      expect(plan.width).toBeLessThanOrEqual(2048);
      expect(plan.shift).toBeGreaterThanOrEqual(0);
      expect(plan.shift).toBeLessThan(2048);
      expect(plan.quality).toBeGreaterThanOrEqual(QUALITY_RANGE[0]);
      expect(plan.quality).toBeLessThanOrEqual(QUALITY_RANGE[1]);
      kernels.add(plan.kernel);
    }
    expect([...kernels].sort()).toEqual([...KERNELS].sort());
    expect(planVariant(seed(1), { width: 11_008, height: 5_504 }, 0).width).toBeLessThanOrEqual(MAX_WIDTH);
    const odd = planVariant(seed(1), { width: 1000, height: 300 }, 0);
    expect(odd.width / odd.height).toBeCloseTo(1000 / 300, 1);
  });

  it('rolls the centre to face the turn: a quarter turn is a quarter of the width', () => {
    expect(planVariant(seed(3), { width: 2048, height: 1024 }, 90).shift).toBe(512);
    expect(planVariant(seed(3), { width: 2048, height: 1024 }, 359.9).shift).toBe(2047);
    expect(planVariant(seed(3), { width: 2048, height: 1024 }, 0).shift).toBe(0);
  });
});

/** The marker bytes of the segments before the scan. */
function segmentMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}
