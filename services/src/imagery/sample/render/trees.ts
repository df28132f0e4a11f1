import type { Rgb, TreeKind } from './biomes.js';
import type { NoiseField } from './noise.js';
import { Billboard, type CutOut, type Point3 } from './objects.js';
import { abs, atan2, cos, hypot } from './math.js';

const BARK: Rgb = [84, 64, 48];

interface Shape {
  /** Metres. */
  width: number;
  height: number;
  trunk(x: number, y: number): boolean;
  crown(x: number, y: number, leafNoise: number): boolean;
}

const SHAPES: Record<TreeKind, (size: number) => Shape> = {
  conifer: (size) => ({
    width: 4 * size,
    height: 13 * size,
    trunk: (x, y) => abs(x - 0.5) < 0.04 && y < 0.2,
    crown: (x, y, noise) => {
      if (y < 0.12) return false;
      const tier = ((y - 0.12) * 7) % 1;
      const halfWidth = (0.5 * (1 - y)) / 0.88 * (0.75 + 0.25 * (1 - tier));
      return abs(x - 0.5) < halfWidth * (0.85 + 0.3 * noise);
    },
  }),
  broadleaf: (size) => ({
    width: 7 * size,
    height: 10 * size,
    trunk: (x, y) => abs(x - 0.5) < 0.045 && y < 0.5,
    crown: (x, y, noise) => ((x - 0.5) / 0.5) ** 2 + ((y - 0.64) / 0.36) ** 2 < 0.7 + 0.35 * noise,
  }),
  cypress: (size) => ({
    width: 1.8 * size,
    height: 9 * size,
    trunk: (x, y) => abs(x - 0.5) < 0.08 && y < 0.1,
    crown: (x, y, noise) => ((x - 0.5) / 0.5) ** 2 + ((y - 0.53) / 0.47) ** 2 < 0.8 + 0.25 * noise,
  }),
  palm: (size) => ({
    width: 6 * size,
    height: 10 * size,
    trunk: (x, y) => y < 0.84 && abs(x - 0.5 - 0.08 * y * y) < 0.025,
    crown: (x, y, noise) => {
      const dx = (x - 0.58) * 0.6;
      const dy = y - 0.84;
      const radius = hypot(dx, dy);
      const angle = atan2(dy, dx);
      const frond = abs(cos(angle * 3.5)) ** 3;
      return radius < 0.16 * (0.25 + 0.75 * frond) * (0.8 + 0.4 * noise) && dy > -0.14;
    },
  }),
  acacia: (size) => ({
    width: 9 * size,
    height: 7 * size,
    trunk: (x, y) => y < 0.72 && (abs(x - 0.5) < 0.025 || (y > 0.45 && abs(x - 0.5 - (y - 0.45) * 0.5) < 0.02)),
    crown: (x, y, noise) => ((x - 0.55) / 0.45) ** 2 + ((y - 0.8) / 0.12) ** 2 < 0.75 + 0.3 * noise,
  }),
  shrub: (size) => ({
    width: 2.2 * size,
    height: 1.3 * size,
    trunk: () => false,
    crown: (x, y, noise) => ((x - 0.5) / 0.5) ** 2 + ((y - 0.42) / 0.42) ** 2 < 0.75 + 0.3 * noise,
  }),
};

function treeCutOut(shape: Shape, foliage: Rgb, noise: NoiseField, offset: number): CutOut {
  const scale = shape.width * 1.6;
  const leafNoise = (x: number, y: number) => noise.at(x * scale + offset, y * shape.height * 1.6 + offset);
  return {
    covers: (x, y) => shape.trunk(x, y) || shape.crown(x, y, leafNoise(x, y)),
    paint(x, y, out) {
      if (!shape.crown(x, y, leafNoise(x, y))) {
        out[0] = BARK[0];
        out[1] = BARK[1];
        out[2] = BARK[2];
        return;
      }
      // Lighter towards the top and with leaf-scale speckle, so crowns do not read as flat paper.
      const light = 0.7 + 0.35 * y + 0.35 * (noise.at(x * scale * 4 + offset, y * shape.height * 4) - 0.5);
      out[0] = foliage[0] * light;
      out[1] = foliage[1] * light;
      out[2] = foliage[2] * light;
    },
  };
}

export function tree(camera: Point3, kind: TreeKind, u: number, v: number, size: number, foliage: Rgb, noise: NoiseField) {
  const shape = SHAPES[kind](size);
  return new Billboard(camera, u, v, shape.width, shape.height, treeCutOut(shape, foliage, noise, (u * 7.1 + v * 3.3) % 256));
}
