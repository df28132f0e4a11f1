import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * What a script that answers by recognising pictures would compute (issue 27): signatures that survive
 * the per-round re-encoding (a roll of the panorama, a rescale, a colour filter, another JPEG quality), so
 * two pictures of one scene come out close whatever a round did to their bytes.
 */

/** RGBA pixels of a picture scaled to SIGNATURE_WIDTH × SIGNATURE_HEIGHT. */
export interface SmallPicture {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export const SIGNATURE_WIDTH = 256;
export const SIGNATURE_HEIGHT = 128;

/** Decodes a JPEG and scales it to 256 × 128, as the probe did. */
export async function smallPicture(jpeg: Buffer): Promise<SmallPicture> {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  return { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, data: context.getImageData(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT).data };
}

/** The mean colour of each row: a roll (the round's turn) moves pixels along rows and changes none of them. */
export function rowMeans(picture: SmallPicture): Float64Array {
  const signature = new Float64Array(picture.height * 3);
  for (let y = 0; y < picture.height; y += 1) {
    for (let x = 0; x < picture.width; x += 1) {
      for (let channel = 0; channel < 3; channel += 1) signature[y * 3 + channel]! += picture.data[(y * picture.width + x) * 4 + channel]!;
    }
  }
  return signature.map((sum) => sum / picture.width);
}

/** A 4 × 4 × 4 colour histogram of the whole panorama, as fractions of its pixels: blind to any roll or rescale. */
export function colourHistogram(picture: SmallPicture): Float64Array {
  const bins = new Float64Array(64);
  const pixels = picture.width * picture.height;
  for (let index = 0; index < pixels; index += 1) {
    const [r, g, b] = [picture.data[index * 4]!, picture.data[index * 4 + 1]!, picture.data[index * 4 + 2]!];
    bins[(r >> 6) * 16 + (g >> 6) * 4 + (b >> 6)]! += 1 / pixels;
  }
  return bins;
}

/** Root mean square difference (row means). */
export function rmsDistance(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index]! - b[index]!) ** 2;
  return Math.sqrt(sum / a.length);
}

/** Sum of absolute differences (histograms: 0 for the same colours, 2 for none shared). */
export function l1Distance(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += Math.abs(a[index]! - b[index]!);
  return sum;
}

/** The `p`-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Pairs of pictures split by whether they show the same target (`keyOf`), with each signature's distance:
 * what a recogniser's threshold would have to separate.
 */
export function pairDistances<T>(items: readonly T[], keyOf: (item: T) => string, distance: (a: T, b: T) => number) {
  const same: number[] = [];
  const different: number[] = [];
  for (let i = 0; i < items.length; i += 1) {
    for (let j = i + 1; j < items.length; j += 1) {
      (keyOf(items[i]!) === keyOf(items[j]!) ? same : different).push(distance(items[i]!, items[j]!));
    }
  }
  return { same, different };
}

/**
 * The share of items whose nearest other item (by `distance`) has the same key: how often a recogniser
 * that answers each picture with the target of the most similar picture it has seen would be right.
 */
export function nearestNeighbourHits<T>(items: readonly T[], keyOf: (item: T) => string, distance: (a: T, b: T) => number): number {
  let hits = 0;
  items.forEach((item, i) => {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    items.forEach((other, j) => {
      if (j === i) return;
      const d = distance(item, other);
      if (d < bestDistance) [best, bestDistance] = [j, d];
    });
    if (best >= 0 && keyOf(items[best]!) === keyOf(item)) hits += 1;
  });
  return hits / items.length;
}
