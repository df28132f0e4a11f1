/** Deterministic randomness: the same place always renders the same bytes. */

import { floor, imul } from './math.js';

export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast PRNG in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A hash of an integer lattice point, in [0, 1). */
export function hash2(x: number, y: number, seed: number): number {
  let h = imul(x | 0, 0x27d4eb2d) ^ imul(y | 0, 0x165667b1) ^ seed;
  h = imul(h ^ (h >>> 15), 0x85ebca6b);
  h = imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

export function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = clamp01((value - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

const FIELD_SIZE = 256;

/**
 * Smooth value noise in [0, 1): lattice hashes, precomputed (it runs for millions of rays), blended with
 * a smoothstep fade. It repeats every 256 units; callers scale and offset coordinates to vary it.
 */
export class NoiseField {
  private readonly lattice = new Float32Array(FIELD_SIZE * FIELD_SIZE);

  constructor(seed: number) {
    for (let y = 0; y < FIELD_SIZE; y += 1) {
      for (let x = 0; x < FIELD_SIZE; x += 1) this.lattice[y * FIELD_SIZE + x] = hash2(x, y, seed);
    }
  }

  at(x: number, y: number): number {
    const x0 = floor(x);
    const y0 = floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const column = x0 & (FIELD_SIZE - 1);
    const nextColumn = (column + 1) & (FIELD_SIZE - 1);
    const row = (y0 & (FIELD_SIZE - 1)) * FIELD_SIZE;
    const nextRow = (((y0 + 1) & (FIELD_SIZE - 1)) * FIELD_SIZE);
    const a = this.lattice[row + column]!;
    const b = this.lattice[row + nextColumn]!;
    const c = this.lattice[nextRow + column]!;
    const d = this.lattice[nextRow + nextColumn]!;
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  }
}
