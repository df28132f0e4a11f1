import type { BiomeLook, Rgb } from './biomes.js';
import { dashCoverage, stripeCoverage } from './coverage.js';
import { smoothstep, type NoiseField } from './noise.js';
import { ray } from './objects.js';
import type { ShadowMap } from './shadow-map.js';
import { abs, max, min } from './math.js';

export const LANE_WIDTH = 3.5;
const ROAD_HALF_WIDTH = LANE_WIDTH;
const LINE_WIDTH = 0.14;
const ASPHALT: Rgb = [78, 78, 80];
const PAVING: Rgb = [168, 164, 156];
const SHOULDER: Rgb = [132, 122, 104];
const WHITE_PAINT: Rgb = [236, 236, 230];
export const YELLOW_PAINT: Rgb = [232, 184, 40];

export interface RoadLayout {
  /** +1: traffic keeps right (the camera's lane is at v > 0); -1: keeps left. */
  side: 1 | -1;
  centreLine: { colour: Rgb; double: boolean };
  edgeLines: boolean;
  /** Metres of pavement beside each kerb; 0 for a rural verge. */
  sidewalk: number;
}

export interface Ground {
  layout: RoadLayout;
  look: BiomeLook;
  shadows: ShadowMap;
  noise: NoiseField;
}

function mix(out: Float32Array, colour: Rgb, amount: number): void {
  if (amount <= 0) return;
  out[0] = out[0]! + (colour[0] - out[0]!) * amount;
  out[1] = out[1]! + (colour[1] - out[1]!) * amount;
  out[2] = out[2]! + (colour[2] - out[2]!) * amount;
}

function set(out: Float32Array, colour: Rgb, light: number): void {
  out[0] = colour[0] * light;
  out[1] = colour[1] * light;
  out[2] = colour[2] * light;
}

/** A painted straight-ahead arrow in a lane, pointing `direction` (+1 forwards, -1 backwards). */
function inArrow(u: number, v: number, laneCentre: number, tip: number, direction: 1 | -1): boolean {
  const along = (tip - u) * direction;
  const across = abs(v - laneCentre);
  if (along < 0 || along > 4.5) return false;
  return along < 1.5 ? across < (0.6 * along) / 1.5 : across < 0.15;
}

/** Colour where `ray` meets the ground; its footprints filter the markings and texture. */
export function shadeGround(ground: Ground, out: Float32Array) {
  const u = ray[3]!;
  const v = ray[4]!;
  const footprintU = ray[5]!;
  const footprintV = ray[6]!;
  const { layout, look, noise } = ground;
  const side = abs(v);
  const blur = smoothstep(0.05, 0.6, max(footprintU, footprintV));
  const grain = blur < 1 ? (noise.at(u * 3, v * 3) - 0.5) * (1 - blur) : 0;

  if (side <= ROAD_HALF_WIDTH) {
    set(out, ASPHALT, 1 + grain * 0.25 + (noise.at(u * 0.3 + 71.3, v * 0.5 + 19.7) - 0.5) * 0.12);
    const { colour, double } = layout.centreLine;
    const centre = double
      ? stripeCoverage(v, footprintV, -0.15, 0.11) + stripeCoverage(v, footprintV, 0.15, 0.11)
      : stripeCoverage(v, footprintV, 0, LINE_WIDTH) * dashCoverage(u + 1000, footprintU, 12, 4);
    mix(out, colour, min(1, centre) * 0.92);
    if (layout.edgeLines) {
      const edge = stripeCoverage(side, footprintV, ROAD_HALF_WIDTH - 0.25, LINE_WIDTH);
      mix(out, WHITE_PAINT, edge * 0.9);
    }
    const ownLane = layout.side * (LANE_WIDTH / 2);
    if (inArrow(u, v, ownLane, 10.5, 1) || inArrow(u, v, -ownLane, -10.5, -1)) mix(out, WHITE_PAINT, 0.9);
  } else if (side <= ROAD_HALF_WIDTH + layout.sidewalk) {
    const kerb = side < ROAD_HALF_WIDTH + 0.2;
    const joints = (1 - blur) * (stripeCoverage(((u % 1.2) + 1.2) % 1.2, footprintU, 0.6, 0.04) * 0.25);
    set(out, PAVING, (kerb ? 1.12 : 1) * (1 + grain * 0.1) - joints);
  } else if (layout.sidewalk === 0 && side <= ROAD_HALF_WIDTH + 0.9) {
    set(out, SHOULDER, 1 + grain * 0.3);
  } else {
    const patches = noise.at(u * 0.12 + 131.9, v * 0.12 + 57.1);
    const detail = noise.at(u * 0.7 + 13.7, v * 0.7 + 201.3) - 0.5;
    set(out, look.ground, 1 + detail * 0.25 * (1 - blur * 0.7) + grain * 0.3);
    mix(out, look.groundAccent, smoothstep(0.45, 0.8, patches) * 0.8);
  }

  const shadow = ground.shadows.at(u, v);
  if (shadow > 0) {
    const keep = 1 - 0.5 * shadow;
    out[0] = out[0]! * keep;
    out[1] = out[1]! * keep;
    out[2] = out[2]! * keep * 1.04;
  }
}
