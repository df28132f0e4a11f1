/**
 * A flag as stripes plus marks painted over them, on a 3:2 field. x runs across the width from the hoist,
 * y down the height, both 0..1; sizes (r, stroke) are fractions of the height. Approximate on purpose:
 * enough to recognise the flag at a glance, not a vexillological drawing.
 */
export interface FlagDesign {
  stripes: 'horizontal' | 'vertical';
  colours: string[];
  weights?: number[];
  marks?: FlagMark[];
}

export type Point = [number, number];

export type FlagMark =
  | { kind: 'polygon'; colour: string; points: Point[]; stroke?: number }
  | { kind: 'disc'; colour: string; x: number; y: number; r: number; ry?: number; half?: 'upper' | 'lower' }
  | { kind: 'star'; colour: string; x: number; y: number; r: number; points?: number; stroke?: number }
  | { kind: 'crescent'; colour: string; x: number; y: number; r: number };

export const rect = (colour: string, x: number, y: number, w: number, h: number): FlagMark => ({
  kind: 'polygon',
  colour,
  points: [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ],
});

/** A band of `thickness` (fraction of the height) from one point to another, in flag units. */
export function band(colour: string, from: Point, to: Point, thickness: number): FlagMark {
  const aspect = 1.5;
  const dx = (to[0] - from[0]) * aspect;
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy);
  const nx = ((-dy / length) * thickness) / 2 / aspect;
  const ny = ((dx / length) * thickness) / 2;
  return {
    kind: 'polygon',
    colour,
    points: [
      [from[0] + nx, from[1] + ny],
      [to[0] + nx, to[1] + ny],
      [to[0] - nx, to[1] - ny],
      [from[0] - nx, from[1] - ny],
    ],
  };
}

/** A Nordic cross centred at `x`, optionally with a narrower inner cross. */
export function nordicCross(x: number, outer: [string, number], inner?: [string, number]): FlagMark[] {
  const cross = ([colour, width]: [string, number]) => [
    rect(colour, x - width / 3, 0, width / 1.5, 1),
    rect(colour, 0, 0.5 - width / 2, 1, width),
  ];
  return inner ? [...cross(outer), ...cross(inner)] : cross(outer);
}

/** The Union Flag drawn into the box (x, y, w, h), as in the UK flag and the cantons of ensigns. */
export function unionJack(x: number, y: number, w: number, h: number): FlagMark[] {
  const navy = '#012169';
  const red = '#c8102e';
  const white = '#ffffff';
  const topLeft: Point = [x, y];
  const bottomRight: Point = [x + w, y + h];
  const topRight: Point = [x + w, y];
  const bottomLeft: Point = [x, y + h];
  return [
    rect(navy, x, y, w, h),
    band(white, topLeft, bottomRight, h * 0.2),
    band(white, bottomLeft, topRight, h * 0.2),
    band(red, topLeft, bottomRight, h * 0.07),
    band(red, bottomLeft, topRight, h * 0.07),
    rect(white, x + w / 2 - (h * 0.17) / 1.5, y, (h * 0.34) / 1.5, h),
    rect(white, x, y + h / 2 - h * 0.17, w, h * 0.34),
    rect(red, x + w / 2 - (h * 0.1) / 1.5, y, (h * 0.2) / 1.5, h),
    rect(red, x, y + h / 2 - h * 0.1, w, h * 0.2),
  ];
}

export const alternating = (count: number, first: string, second: string) =>
  Array.from({ length: count }, (_, index) => (index % 2 === 0 ? first : second));
