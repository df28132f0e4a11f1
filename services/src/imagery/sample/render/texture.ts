import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { floor, max, round } from './math.js';

/** RGBA pixels painted with canvas 2D once, then sampled per panorama pixel. */
export interface Texture {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function paintTexture(width: number, height: number, paint: (context: SKRSContext2D) => void): Texture {
  const canvas = createCanvas(max(1, round(width)), max(1, round(height)));
  const context = canvas.getContext('2d');
  paint(context);
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return { width: canvas.width, height: canvas.height, data: image.data };
}

/**
 * Bilinear sample at (s, t) in 0..1 from the top-left corner; writes straight-alpha RGB to out[0..2] and
 * alpha (0..1) to out[3].
 */
export function sampleTexture(texture: Texture, s: number, t: number, out: Float32Array): void {
  const { width, height, data } = texture;
  const x = s * width - 0.5;
  const y = t * height - 0.5;
  let x0 = floor(x);
  let y0 = floor(y);
  const fx = x - x0;
  const fy = y - y0;
  let x1 = x0 + 1;
  let y1 = y0 + 1;
  if (x0 < 0) x0 = 0;
  if (y0 < 0) y0 = 0;
  if (x1 > width - 1) x1 = width - 1;
  if (y1 > height - 1) y1 = height - 1;
  if (x0 > width - 1) x0 = width - 1;
  if (y0 > height - 1) y0 = height - 1;
  const i00 = (y0 * width + x0) * 4;
  const i10 = (y0 * width + x1) * 4;
  const i01 = (y1 * width + x0) * 4;
  const i11 = (y1 * width + x1) * 4;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  // Premultiplied while mixing, so transparent texels do not bleed their (black) colour into edges.
  const a00 = data[i00 + 3]! * w00;
  const a10 = data[i10 + 3]! * w10;
  const a01 = data[i01 + 3]! * w01;
  const a11 = data[i11 + 3]! * w11;
  const alpha = a00 + a10 + a01 + a11;
  out[3] = alpha / 255;
  if (alpha <= 0) {
    out[0] = out[1] = out[2] = 0;
    return;
  }
  for (let channel = 0; channel < 3; channel += 1) {
    out[channel] =
      (data[i00 + channel]! * a00 + data[i10 + channel]! * a10 + data[i01 + channel]! * a01 + data[i11 + channel]! * a11) /
      alpha;
  }
}
