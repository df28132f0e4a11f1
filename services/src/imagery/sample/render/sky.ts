import type { Terrain } from '../sample-place.js';
import type { BiomeLook, Rgb } from './biomes.js';
import { hash2, smoothstep, type NoiseField } from './noise.js';
import { ray, type Point3 } from './objects.js';
import { PI, abs, cos, floor, max, sin, sqrt } from './math.js';

const SUN_DISC = cos((0.9 * PI) / 180);
const CLOUD_SCALE = 0.9;
/** Radians above the horizon where far peaks turn white, in climates with snow on the mountains. */
const SNOW_LINE = 0.085;

export interface Sky {
  look: BiomeLook;
  sun: Point3;
  noise: NoiseField;
}

/** Sky colour along `ray`, above the horizon (dz >= 0). */
export function shadeSky(sky: Sky, out: Float32Array): void {
  const du = ray[0]!;
  const dv = ray[1]!;
  const dz = ray[2]!;
  const { horizonSky: low, zenithSky: high, cloudiness } = sky.look;
  const up = sqrt(dz > 0 ? dz : 0);
  let r = low[0] + (high[0] - low[0]) * up;
  let g = low[1] + (high[1] - low[1]) * up;
  let b = low[2] + (high[2] - low[2]) * up;

  const towardsSun = du * sky.sun.u + dv * sky.sun.v + dz * sky.sun.z;
  // Below 0.8 the glow would add less than half a percent; skipping it saves a pow per sky pixel.
  if (towardsSun > 0.8) {
    const glow = towardsSun ** 24 * 0.45 + towardsSun ** 600 * 0.8;
    r += (255 - r) * glow;
    g += (246 - g) * glow;
    b += (220 - b) * glow;
  }

  if (dz > 0.015 && cloudiness > 0) {
    // Clouds on a flat layer: world-space, so they join up across the panorama's seam.
    const x = (du / dz) * CLOUD_SCALE;
    const y = (dv / dz) * CLOUD_SCALE;
    const density =
      sky.noise.at(x, y) * 0.65 + sky.noise.at(x * 2.7 + 91.1, y * 2.7 + 33.3) * 0.35 - (1 - cloudiness) * 0.75;
    const cover = smoothstep(0, 0.22, density) * smoothstep(0.015, 0.12, dz) * 0.92;
    if (cover > 0) {
      const shade = 236 - 60 * smoothstep(0.15, 0.5, density);
      r += (shade - r) * cover;
      g += (shade - g) * cover;
      b += (shade + 6 - b) * cover;
    }
  }

  if (towardsSun > SUN_DISC) {
    r = 255;
    g = 252;
    b = 236;
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

/**
 * How high (radians) the far land or skyline rises above the horizon at each image column. Built from
 * whole-turn harmonics of the compass bearing, so the first and last columns meet.
 */
export function skylineElevations(width: number, terrain: Terrain, city: boolean, seed: number): Float32Array {
  const heights = new Float32Array(width);
  const amplitude = terrain === 'mountains' ? 0.16 : terrain === 'hills' ? 0.04 : 0.006;
  const phases = Array.from({ length: 8 }, (_, index) => hash2(index, 3, seed) * PI * 2);
  const blocks = 360;
  for (let x = 0; x < width; x += 1) {
    const bearing = ((x + 0.5) / width) * PI * 2;
    let land = 0;
    for (let k = 0; k < phases.length; k += 1) {
      const harmonic = k + 1;
      const wave = sin(harmonic * (k < 3 ? 1 : 3) * bearing + phases[k]!);
      land += (terrain === 'mountains' ? 1 - abs(wave) : wave * 0.5 + 0.5) / (1 + k * 0.6);
    }
    let elevation = amplitude * (0.15 + land / 3);
    if (city) {
      const block = floor(((x + 0.5) / width) * blocks);
      elevation = max(elevation, hash2(block, 11, seed) < 0.55 ? 0.02 + hash2(block, 12, seed) * 0.05 : 0);
    }
    heights[x] = elevation;
  }
  return heights;
}

/** The far land: its own colour fading into haze towards the horizon line, snow on high peaks. */
export function shadeSkyline(look: BiomeLook, pitch: number, haze: Rgb, out: Float32Array): void {
  const depth = smoothstep(0, 0.12, pitch);
  const land = look.distantLand;
  const fade = 0.55 - 0.25 * depth;
  const snow = look.snowOnPeaks && pitch > SNOW_LINE ? 0.8 : 0;
  for (let channel = 0; channel < 3; channel += 1) {
    const mixed = land[channel]! + (haze[channel]! - land[channel]!) * fade;
    out[channel] = mixed + (245 - mixed) * snow;
  }
}
