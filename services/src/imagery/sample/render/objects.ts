import { INFINITY, hypot, max } from './math.js';

/**
 * Scene objects in the road frame: u metres ahead along the road, v metres to the right of the road's
 * centre line, z metres up. Every ray starts at the camera, fixed for a render, so objects keep it.
 */
export interface Point3 {
  u: number;
  v: number;
  z: number;
}

/**
 * The ray being cast: unit direction du, dv, dz, then (for the ground) hit u, v and the ground length one
 * pixel covers along u and v. Per-pixel calls read it instead of taking numbers as arguments: V8 boxes
 * every double passed to a call it does not inline, and at two million rays that garbage costs.
 */
export const ray = new Float64Array(7);

export interface SceneObject {
  /** Axis-aligned bounds, for culling by view angle and for shadows. */
  readonly u0: number;
  readonly u1: number;
  readonly v0: number;
  readonly v1: number;
  readonly z0: number;
  readonly z1: number;
  /** Text and flags: pixels on them are worth more samples. */
  readonly detail: boolean;
  /** Distance along `ray` to the nearest opaque point, or Infinity. Remembers where it hit. */
  hit(): number;
  /** Colour (0..255) of the last hit, lit. */
  shade(out: Float32Array): void;
}

/** Faces by outward normal; face-local x, y in metres: ±u faces (v, z), ±v faces (u, z), ±z faces (u, v). */
export const NEG_U = 0;
export const POS_U = 1;
export const NEG_V = 2;
export const POS_V = 3;
export const NEG_Z = 4;
export const POS_Z = 5;

export type FacePaint = (face: number, x: number, y: number, out: Float32Array) => void;

/** Ambient plus Lambert diffuse for each face normal, for one sun direction. */
export function faceLighting(sun: Point3): Float32Array {
  const light = (dot: number) => 0.58 + 0.5 * max(0, dot);
  return Float32Array.of(light(-sun.u), light(sun.u), light(-sun.v), light(sun.v), 0.45, light(sun.z));
}

export class Box implements SceneObject {
  private face = 0;
  private x = 0;
  private y = 0;

  constructor(
    private readonly camera: Point3,
    readonly u0: number,
    readonly u1: number,
    readonly v0: number,
    readonly v1: number,
    readonly z0: number,
    readonly z1: number,
    private readonly paint: FacePaint,
    private readonly lighting: Float32Array,
    readonly detail = false,
  ) {}

  hit(): number {
    const du = ray[0]!;
    const dv = ray[1]!;
    const dz = ray[2]!;
    const { u: ou, v: ov, z: oz } = this.camera;
    let near = -INFINITY;
    let far = INFINITY;
    let face = -1;
    if (du !== 0) {
      const a = ((du > 0 ? this.u0 : this.u1) - ou) / du;
      const b = ((du > 0 ? this.u1 : this.u0) - ou) / du;
      if (a > near) {
        near = a;
        face = du > 0 ? NEG_U : POS_U;
      }
      if (b < far) far = b;
    } else if (ou < this.u0 || ou > this.u1) return INFINITY;
    if (dv !== 0) {
      const a = ((dv > 0 ? this.v0 : this.v1) - ov) / dv;
      const b = ((dv > 0 ? this.v1 : this.v0) - ov) / dv;
      if (a > near) {
        near = a;
        face = dv > 0 ? NEG_V : POS_V;
      }
      if (b < far) far = b;
    } else if (ov < this.v0 || ov > this.v1) return INFINITY;
    if (dz !== 0) {
      const a = ((dz > 0 ? this.z0 : this.z1) - oz) / dz;
      const b = ((dz > 0 ? this.z1 : this.z0) - oz) / dz;
      if (a > near) {
        near = a;
        face = dz > 0 ? NEG_Z : POS_Z;
      }
      if (b < far) far = b;
    } else if (oz < this.z0 || oz > this.z1) return INFINITY;
    if (far < near || near <= 0) return INFINITY;
    this.face = face;
    const hu = ou + du * near;
    const hv = ov + dv * near;
    const hz = oz + dz * near;
    this.x = face <= POS_U ? hv - this.v0 : hu - this.u0;
    this.y = face <= POS_V ? hz - this.z0 : hv - this.v0;
    return near;
  }

  shade(out: Float32Array): void {
    this.paint(this.face, this.x, this.y, out);
    const light = this.lighting[this.face]!;
    out[0] = out[0]! * light;
    out[1] = out[1]! * light;
    out[2] = out[2]! * light;
  }
}

/** Coverage and colour of a flat cut-out at (x across 0..1, y up 0..1). */
export interface CutOut {
  covers(x: number, y: number): boolean;
  paint(x: number, y: number, out: Float32Array): void;
}

/** A vertical cut-out standing at (u, v) and turned to face the camera, as trees are drawn. */
export class Billboard implements SceneObject {
  readonly u0: number;
  readonly u1: number;
  readonly v0: number;
  readonly v1: number;
  readonly z0 = 0;
  readonly detail = false;
  private readonly normalU: number;
  private readonly normalV: number;
  private readonly planeDistance: number;
  private x = 0;
  private y = 0;

  constructor(
    private readonly camera: Point3,
    readonly u: number,
    readonly v: number,
    readonly width: number,
    readonly z1: number,
    readonly cutOut: CutOut,
  ) {
    this.u0 = u - width / 2;
    this.u1 = u + width / 2;
    this.v0 = v - width / 2;
    this.v1 = v + width / 2;
    const length = hypot(u - camera.u, v - camera.v);
    this.normalU = (u - camera.u) / length;
    this.normalV = (v - camera.v) / length;
    this.planeDistance = length;
  }

  hit(): number {
    const du = ray[0]!;
    const dv = ray[1]!;
    const dz = ray[2]!;
    const towards = du * this.normalU + dv * this.normalV;
    if (towards <= 1e-6) return INFINITY;
    const t = this.planeDistance / towards;
    const across = (du * t + this.camera.u - this.u) * -this.normalV + (dv * t + this.camera.v - this.v) * this.normalU;
    const x = across / this.width + 0.5;
    const y = (this.camera.z + dz * t) / this.z1;
    if (x < 0 || x > 1 || y < 0 || y > 1 || !this.cutOut.covers(x, y)) return INFINITY;
    this.x = x;
    this.y = y;
    return t;
  }

  shade(out: Float32Array): void {
    this.cutOut.paint(this.x, this.y, out);
  }
}
