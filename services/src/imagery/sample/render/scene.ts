import { conventionsOf } from '../countries.js';
import { flagOf } from '../flags.js';
import type { SamplePlace } from '../sample-place.js';
import { BIOMES, type BiomeLook, type Rgb } from './biomes.js';
import { shopBuilding, streetBuildings } from './buildings.js';
import { flagTexture } from './flag-texture.js';
import { LANE_WIDTH, YELLOW_PAINT, type Ground } from './ground.js';
import { NoiseField, seededRandom } from './noise.js';
import { faceLighting, type Point3, type SceneObject } from './objects.js';
import { boardAcrossRoad, boardAlongRoad, car, flag, post, type Props } from './props.js';
import { buildShadowMap } from './shadow-map.js';
import { directionSign, shopBoard, townBoard } from './signs.js';
import type { Sky } from './sky.js';
import { daylightSun } from './sun.js';
import { conditionsOf, lookUnder, type SceneConditions, type SceneVariation } from './scene-variation.js';
import { tree } from './trees.js';
import { PI, abs, cos, floor, max, min, round, sin } from './math.js';

export interface Scene {
  /** Compass bearing (radians) the road runs towards: the image's initial view. */
  heading: number;
  camera: Point3;
  objects: SceneObject[];
  look: BiomeLook;
  sky: Sky;
  ground: Ground;
  city: boolean;
  seed: number;
  place: SamplePlace;
  conditions: SceneConditions;
}

const CAMERA_HEIGHT = 2.5;
const SETBACK = 10;
/** No red: the car ahead's red tail lights must stand out from its paint. */
const CAR_COLOURS: Rgb[] = [[200, 200, 204], [30, 34, 40], [40, 70, 130], [236, 236, 236], [110, 112, 116], [60, 90, 60]];
const SHOP_COLOURS: Array<[string, string]> = [
  ['#b3261e', '#ffffff'],
  ['#1d5e3a', '#ffffff'],
  ['#f4f1e8', '#1a1a1a'],
  ['#1f3f8a', '#ffffff'],
  ['#f2c500', '#1a1a1a'],
];

/**
 * Compass bearing in degrees the road runs towards, in the place's own scene or in a round's; cheap, so
 * entries can be registered and rounds planned without rendering.
 */
export function roadHeading(place: SamplePlace, variation: SceneVariation | null = null): number {
  return conditionsOf(place, variation).heading;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[floor(random() * items.length)]!;

/**
 * The road scene for a place. The camera stands in the lane traffic uses there; ahead on that side a
 * direction sign; abeam across the road a shop; behind, a town-name board and a flag on a pole. A round's
 * `variation` moves the camera along the road and turns the road, and chooses the hour, the season, the
 * weather, the traffic and where everything beside the road stands; without one, the place's own scene.
 */
export function buildScene(place: SamplePlace, imageWidth: number, variation: SceneVariation | null = null): Scene {
  const conditions = conditionsOf(place, variation);
  const seed = conditions.seed;
  const random = seededRandom(seed + 1);
  const conventions = conventionsOf(place.iso);
  const side: 1 | -1 = conventions.drivingSide === 'right' ? 1 : -1;
  const heading = (conditions.heading * PI) / 180;
  const camera = { u: 0, v: side * (LANE_WIDTH / 2) + conditions.laneOffset, z: conditions.cameraHeight };

  const { elevation, azimuth } = daylightSun(place.lat, conditions.hourAngle, conditions.declination);
  const look = lookUnder(BIOMES[place.biome], place.biome, conditions, (elevation * 180) / PI);
  const relative = azimuth - heading;
  const sun = {
    u: cos(elevation) * cos(relative),
    v: cos(elevation) * sin(relative),
    z: sin(elevation),
  };
  const props: Props = { camera, lighting: faceLighting(sun) };
  // Text boards are painted at about 1.5 texels per panorama pixel at the distance they stand.
  const scaleAt = (distance: number) => min(160, max(24, (1.5 * imageWidth) / (2 * PI) / distance));

  const noise = new NoiseField(seed);
  const objects: SceneObject[] = [];
  const sign = directionSign(place, conventions, scaleAt(10.5), conditions.alongKm);
  const signNear = side * 4.6;
  const signFar = side * (4.6 + sign.width);
  objects.push(
    boardAcrossRoad(props, 9, min(signNear, signFar), max(signNear, signFar), 2.0, sign.texture, -1),
    post(props, 9.15, side * 5.2, 2.0 + sign.height),
    post(props, 9.15, side * (4.6 + sign.width - 0.6), 2.0 + sign.height),
  );

  const board = townBoard(place, scaleAt(12));
  const boardNear = -side * 4.4;
  const boardFar = -side * (4.4 + board.width);
  objects.push(
    boardAcrossRoad(props, -10, max(boardNear, boardFar), min(boardNear, boardFar), 1.8, board.texture, 1),
    post(props, -10.15, -side * 4.8, 1.8 + board.height),
    post(props, -10.15, -side * (4.4 + board.width - 0.4), 1.8 + board.height),
  );

  const shopHeight = place.setting === 'rural' ? 4.6 : place.setting === 'town' ? 6.5 : 8;
  const shop = shopBoard(place.shopWord, 11, pick(random, SHOP_COLOURS), scaleAt(SETBACK + 1.75));
  objects.push(
    shopBuilding(props, -side as 1 | -1, SETBACK, -7, 7, shopHeight, pick(random, look.walls)),
    boardAlongRoad(props, -side * (SETBACK - 0.02), -5.5, 5.5, 3.0, shop.texture),
  );

  const flagPicture = flagTexture(flagOf(place.iso), round(scaleAt(9.5) * 1.8));
  objects.push(post(props, -7, side * 6.5, 8.6, 0.1), flag(props, -7, side * 6.56, side * (6.56 + 2.7), 8.4, flagPicture));

  for (const distance of conditions.ahead) objects.push(...car(props, distance, side * (LANE_WIDTH / 2), 1, pick(random, CAR_COLOURS)));
  for (const distance of conditions.oncoming) objects.push(...car(props, distance, -side * (LANE_WIDTH / 2), -1, pick(random, CAR_COLOURS)));

  const keepClear: Record<1 | -1, Array<[number, number]>> = { 1: [], [-1]: [] };
  keepClear[side].push([-16, -1]);
  keepClear[-side as 1 | -1].push([-8, 8]);
  objects.push(...streetBuildings(props, { setting: place.setting, walls: look.walls, setback: SETBACK, keepClear }, random));

  const treeCount = place.setting === 'rural' ? look.treeCount : place.setting === 'town' ? round(look.treeCount / 3) : 0;
  const nearestTreeV = place.setting === 'rural' ? 9 : SETBACK + 18;
  for (let index = 0; index < treeCount; index += 1) {
    const u = -110 + random() * 220;
    const v = (random() < 0.5 ? -1 : 1) * (nearestTreeV + random() * 60);
    const kind = pick(random, look.trees);
    const size = 0.75 + random() * 0.5;
    if (abs(u) < 18 && abs(v) < 24) continue;
    objects.push(tree(camera, kind, u, v, size, look.foliage, noise));
  }

  const layout = {
    side,
    centreLine: {
      colour: conventions.centreLine.colour === 'yellow' ? YELLOW_PAINT : ([236, 236, 230] as const),
      double: conventions.centreLine.double ?? false,
    },
    edgeLines: place.setting !== 'city',
    sidewalk: place.setting === 'rural' ? 0 : 3,
  };
  return {
    heading,
    camera,
    objects,
    look,
    sky: { look, sun, noise },
    ground: { layout, look, shadows: buildShadowMap(objects, sun), noise },
    city: place.setting === 'city',
    seed,
    place,
    conditions,
  };
}
