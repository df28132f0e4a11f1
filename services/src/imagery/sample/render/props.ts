import type { Rgb } from './biomes.js';
import { Box, NEG_U, NEG_V, POS_U, POS_V, POS_Z, type FacePaint, type Point3 } from './objects.js';
import { sampleTexture, type Texture } from './texture.js';
import { PI, abs, max, min, sin } from './math.js';

export interface Props {
  camera: Point3;
  lighting: Float32Array;
}

function put(colour: Rgb, out: Float32Array): void {
  out[0] = colour[0];
  out[1] = colour[1];
  out[2] = colour[2];
}

const fill = (colour: Rgb): FacePaint => (_face, _x, _y, out) => put(colour, out);

const METAL: Rgb = [150, 152, 150];
const BOARD_BACK: Rgb = [120, 124, 126];

export function post(props: Props, u: number, v: number, height: number, thickness = 0.12): Box {
  const half = thickness / 2;
  return new Box(props.camera, u - half, u + half, v - half, v + half, 0, height, fill(METAL), props.lighting);
}

/**
 * A thin board standing across the road at `u`, its picture on the side facing `facing` (-1: towards
 * smaller u, where the camera is when the board is ahead). `from`..`to` run left to right as a reader
 * in front of it sees them.
 */
export function boardAcrossRoad(props: Props, u: number, from: number, to: number, bottom: number, picture: Texture, facing: 1 | -1) {
  const width = abs(to - from);
  const height = (width * picture.height) / picture.width;
  const front = facing < 0 ? NEG_U : POS_U;
  const v0 = min(from, to);
  const paint: FacePaint = (face, x, y, out) => {
    if (face !== front) return put(BOARD_BACK, out);
    const s = from < to ? x / width : 1 - x / width;
    sampleTexture(picture, s, 1 - y / height, out);
  };
  const [u0, u1] = facing < 0 ? [u, u + 0.08] : [u - 0.08, u];
  return new Box(props.camera, u0, u1, v0, v0 + width, bottom, bottom + height, paint, props.lighting, true);
}

/** A board on a wall parallel to the road, its picture facing the road (towards v = 0). */
export function boardAlongRoad(props: Props, v: number, from: number, to: number, bottom: number, picture: Texture) {
  const width = to - from;
  const height = (width * picture.height) / picture.width;
  const facesPositiveV = v < 0;
  const paint: FacePaint = (face, x, y, out) => {
    if (face !== (facesPositiveV ? POS_V : NEG_V)) return put(BOARD_BACK, out);
    sampleTexture(picture, facesPositiveV ? x / width : 1 - x / width, 1 - y / height, out);
  };
  const [v0, v1] = facesPositiveV ? [v - 0.1, v] : [v, v + 0.1];
  return new Box(props.camera, from, to, v0, v1, bottom, bottom + height, paint, props.lighting, true);
}

/** A flag flying from a pole at (u, hoistV) towards `flyV`, in the plane u = const, rippling a little. */
export function flag(props: Props, u: number, hoistV: number, flyV: number, top: number, picture: Texture): Box {
  const width = abs(flyV - hoistV);
  const height = width / 1.5;
  const v0 = min(hoistV, flyV);
  const paint: FacePaint = (_face, x, y, out) => {
    const s = abs(v0 + x - hoistV) / width;
    const ripple = sin(s * PI * 3.2 + 0.6);
    const t = 1 - y / height + 0.035 * s * ripple;
    sampleTexture(picture, s, min(1, max(0, t)), out);
    const light = 0.88 + 0.14 * ripple;
    out[0] = out[0]! * light;
    out[1] = out[1]! * light;
    out[2] = out[2]! * light;
  };
  return new Box(props.camera, u - 0.03, u + 0.03, v0, v0 + width, top - height, top, paint, props.lighting, true);
}

const TAIL_LIGHT: Rgb = [210, 24, 24];
const HEAD_LIGHT: Rgb = [245, 242, 222];
const GLASS: Rgb = [46, 56, 66];
const TYRE: Rgb = [28, 28, 30];
const PLATE: Rgb = [236, 236, 228];

/**
 * A car in a lane, driving towards +u (`direction` 1) or -u (-1): from behind it shows red tail lights, from
 * the front white headlights, so its lane shows which side traffic keeps to.
 */
export function car(props: Props, u: number, laneV: number, direction: 1 | -1, colour: Rgb): Box[] {
  const length = 4.4;
  const halfWidth = 0.9;
  const [u0, u1] = [u, u + length];
  const rear = direction > 0 ? NEG_U : POS_U;
  const front = direction > 0 ? POS_U : NEG_U;
  const body: FacePaint = (face, x, y, out) => {
    let paint = colour;
    if (face === rear || face === front) {
      const edge = x < 0.32 || x > 2 * halfWidth - 0.32;
      const centre = abs(x - halfWidth);
      if (face === rear && edge && y > 0.42 && y < 0.66) paint = TAIL_LIGHT;
      else if (face === front && edge && y > 0.45 && y < 0.62) paint = HEAD_LIGHT;
      else if (centre < 0.26 && y > 0.14 && y < 0.3) paint = PLATE;
      else if (face === front && centre < 0.45 && y > 0.35 && y < 0.55) paint = TYRE;
    }
    put(paint, out);
  };
  const cabinLength = 2.3;
  const cabinStart = direction > 0 ? u0 + 1.0 : u1 - 1.0 - cabinLength;
  const cabin: FacePaint = (face, x, y, out) => {
    const span = face === NEG_U || face === POS_U ? 2 * (halfWidth - 0.1) : cabinLength;
    const glass = face !== POS_Z && y > 0.04 && x > 0.1 && x < span - 0.1;
    put(glass ? GLASS : colour, out);
  };
  const wheel = (centreU: number, side: number) =>
    new Box(props.camera, centreU - 0.33, centreU + 0.33, laneV + side * halfWidth - 0.12, laneV + side * halfWidth + 0.12, 0, 0.64, fill(TYRE), props.lighting);
  return [
    new Box(props.camera, u0, u1, laneV - halfWidth, laneV + halfWidth, 0.32, 1.1, body, props.lighting),
    new Box(props.camera, cabinStart, cabinStart + cabinLength, laneV - halfWidth + 0.1, laneV + halfWidth - 0.1, 1.1, 1.55, cabin, props.lighting),
    wheel(u0 + 0.9, -1),
    wheel(u0 + 0.9, 1),
    wheel(u1 - 0.9, -1),
    wheel(u1 - 0.9, 1),
  ];
}
