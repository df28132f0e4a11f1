import { Billboard, type Point3, type SceneObject } from './objects.js';
import { INFINITY, abs, ceil, floor, hypot, max, min } from './math.js';

/** A square grid of ground cells centred on the road frame's origin. */
class Layer {
  readonly cells: Uint8Array;
  readonly cell: number;

  constructor(
    readonly range: number,
    readonly size: number,
  ) {
    this.cells = new Uint8Array(size * size);
    this.cell = (2 * range) / size;
  }

  /** Bilinear, so shadow edges do not show the grid's stair steps. */
  at(u: number, v: number): number {
    const x = (u + this.range) / this.cell - 0.5;
    const y = (v + this.range) / this.cell - 0.5;
    const x0 = floor(x);
    const y0 = floor(y);
    if (x0 < 0 || y0 < 0 || x0 >= this.size - 1 || y0 >= this.size - 1) return 0;
    const fx = x - x0;
    const fy = y - y0;
    const index = y0 * this.size + x0;
    const top = this.cells[index]! + (this.cells[index + 1]! - this.cells[index]!) * fx;
    const bottom = this.cells[index + this.size]! + (this.cells[index + this.size + 1]! - this.cells[index + this.size]!) * fx;
    return (top + (bottom - top) * fy) / 255;
  }
}

/**
 * Where objects shade the ground from the sun, painted once per render into top-down grids: a fine one
 * near the camera, where a pixel covers centimetres, and a coarse one out to the far buildings. Shadows
 * point away from the sun, so they agree with the sun's side of the sky.
 */
export class ShadowMap {
  constructor(private readonly layers: readonly [Layer, Layer] | null) {}

  /** 0 in full sun, 1 in full shadow. */
  at(u: number, v: number): number {
    if (!this.layers) return 0;
    const [near, far] = this.layers;
    const inNear = abs(u) < near.range - near.cell && abs(v) < near.range - near.cell;
    return (inNear ? near : far).at(u, v);
  }
}

type Point2 = [number, number];

function convexHull(points: Point2[]): Point2[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point2, a: Point2, b: Point2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point2[]) => {
    const hull: Point2[] = [];
    for (const point of list) {
      while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, point) <= 0) hull.pop();
      hull.push(point);
    }
    hull.pop();
    return hull;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** Fills a convex polygon (ground metres) by scanning grid rows; thin ones still get a cell per row. */
function fillConvex(layer: Layer, polygon: Point2[]): void {
  const { cells, cell, range, size } = layer;
  const rows = polygon.map(([, v]) => (v + range) / cell);
  const top = max(0, floor(min(...rows)));
  const bottom = min(size - 1, ceil(max(...rows)));
  for (let y = top; y <= bottom; y += 1) {
    const row = y + 0.5;
    let left = INFINITY;
    let right = -INFINITY;
    for (let index = 0; index < polygon.length; index += 1) {
      const [u1, v1] = polygon[index]!;
      const [u2, v2] = polygon[(index + 1) % polygon.length]!;
      const a = (v1 + range) / cell;
      const b = (v2 + range) / cell;
      if ((row < a && row < b) || (row > a && row > b) || a === b) continue;
      const x = (u1 + ((row - a) / (b - a)) * (u2 - u1) + range) / cell;
      left = min(left, x);
      right = max(right, x);
    }
    for (let x = max(0, floor(left)); x < min(size, ceil(right)); x += 1) cells[y * size + x] = 255;
  }
}

function stamp(layer: Layer, u: number, v: number, radius: number): void {
  const { cells, cell, range, size } = layer;
  const cx = (u + range) / cell;
  const cy = (v + range) / cell;
  const r = max(0.5, radius / cell);
  for (let y = max(0, floor(cy - r)); y <= min(size - 1, ceil(cy + r)); y += 1) {
    for (let x = max(0, floor(cx - r)); x <= min(size - 1, ceil(cx + r)); x += 1) {
      if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) cells[y * size + x] = 255;
    }
  }
}

export function buildShadowMap(objects: readonly SceneObject[], sun: Point3): ShadowMap {
  if (sun.z < 0.05) return new ShadowMap(null);
  const layers = [new Layer(24, 960), new Layer(128, 1024)] as const;
  const onGround = (u: number, v: number, z: number): Point2 => [u - (sun.u / sun.z) * z, v - (sun.v / sun.z) * z];
  const flat = hypot(sun.u, sun.v);
  const sunAcrossU = -sun.v / flat;
  const sunAcrossV = sun.u / flat;
  const stretch = max(1, flat / sun.z);
  for (const object of objects) {
    if (object instanceof Billboard) {
      // Seen from the sun a tree shows the same cut-out, turned square to the sun's direction.
      const steps = 16;
      const radius = 0.6 * max(object.width / steps, (object.z1 / steps) * stretch);
      for (let i = 0; i < steps; i += 1) {
        for (let j = 0; j < steps; j += 1) {
          const x = (i + 0.5) / steps;
          const y = (j + 0.5) / steps;
          if (!object.cutOut.covers(x, y)) continue;
          const across = (x - 0.5) * object.width;
          const [u, v] = onGround(object.u + across * sunAcrossU, object.v + across * sunAcrossV, y * object.z1);
          for (const layer of layers) stamp(layer, u, v, radius);
        }
      }
      continue;
    }
    const corners: Point2[] = [];
    for (const u of [object.u0, object.u1]) {
      for (const v of [object.v0, object.v1]) {
        for (const z of [object.z0, object.z1]) corners.push(onGround(u, v, z));
      }
    }
    const hull = convexHull(corners);
    for (const layer of layers) fillConvex(layer, hull);
  }
  return new ShadowMap(layers);
}
