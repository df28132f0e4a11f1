import type { Setting } from '../sample-place.js';
import type { Rgb } from './biomes.js';
import { Box, NEG_Z, POS_Z, type FacePaint } from './objects.js';
import type { Props } from './props.js';
import { floor, max, min } from './math.js';

const WINDOW: Rgb = [58, 70, 84];
const FRAME: Rgb = [226, 224, 218];
const ROOF: Rgb = [96, 92, 90];
const SHOP_GLASS: Rgb = [70, 90, 104];
const DOOR: Rgb = [84, 60, 44];

/** Walls with rows of windows; a shop front (glass and a door) on the ground floor when `shopFront`. */
function facade(wall: Rgb, height: number, shopFront: boolean): FacePaint {
  return (face, x, y, out) => {
    let colour = wall;
    if (face === POS_Z || face === NEG_Z) colour = ROOF;
    else if (shopFront && y < 2.8) {
      const bay = ((x % 6) + 6) % 6;
      colour = bay > 4.6 && bay < 5.8 && y < 2.3 ? DOOR : bay > 0.4 && bay < 4.2 && y > 0.5 && y < 2.5 ? SHOP_GLASS : wall;
    } else if (y > 3) {
      const column = ((x % 3) + 3) % 3;
      const floor = (y - 3) % 3;
      const windowTop = y - floor + 2.3;
      if (windowTop < height - 0.4 && column > 0.85 && column < 2.15 && floor > 0.7 && floor < 2.3) {
        colour = column < 0.95 || column > 2.05 || floor < 0.8 ? FRAME : WINDOW;
      }
    }
    out[0] = colour[0];
    out[1] = colour[1];
    out[2] = colour[2];
  };
}

export interface Street {
  setting: Setting;
  walls: Rgb[];
  /** Metres from the centre line to the building fronts. */
  setback: number;
  /** Per side (+1, -1): stretches of u to leave open, e.g. where the flag or the shop stands. */
  keepClear: Record<1 | -1, Array<[number, number]>>;
}

/** Blocks of buildings along both sides of the road, for towns and cities. */
export function streetBuildings(props: Props, street: Street, random: () => number): Box[] {
  if (street.setting === 'rural') return [];
  const [low, high] = street.setting === 'city' ? [9, 24] : [5, 10];
  const boxes: Box[] = [];
  for (const side of [1, -1] as const) {
    let u = -140 + random() * 6;
    while (u < 140) {
      const width = 8 + random() * 12;
      const clear = street.keepClear[side].every(([from, to]) => u + width < from || u > to);
      if (clear) {
        const height = low + random() * (high - low);
        const depth = 10 + random() * 6;
        const near = side * street.setback;
        const far = side * (street.setback + depth);
        const wall = street.walls[floor(random() * street.walls.length)]!;
        const paint = facade(wall, height, random() < 0.4);
        boxes.push(new Box(props.camera, u, u + width, min(near, far), max(near, far), 0, height, paint, props.lighting));
      }
      u += width + (random() < 0.3 ? 3 + random() * 5 : 0.01);
    }
  }
  return boxes;
}

/** The shop whose name board shows the local word, abeam of the camera on the far side of the road. */
export function shopBuilding(props: Props, side: 1 | -1, setback: number, from: number, to: number, height: number, wall: Rgb) {
  const near = side * setback;
  const far = side * (setback + 12);
  return new Box(props.camera, from, to, min(near, far), max(near, far), 0, height, facade(wall, height, true), props.lighting);
}
