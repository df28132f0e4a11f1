import type { Biome, SamplePlace } from '../sample-place.js';
import type { BiomeLook, Rgb } from './biomes.js';
import { seedOf, seededRandom } from './noise.js';
import { floor, max, min, round } from './math.js';

/**
 * What makes one round's scene of a sample place its own (issue 27: a picture must not let a script
 * recognise a place it has seen in another round). Drawn by the server when the round is planned, kept
 * with the round's panorama (never sent to a client) and handed to the renderer when the picture is painted.
 */
export interface SceneVariation {
  /** 32 bits from the server's random source: everything the scene draws comes from it. */
  seed: number;
  /** Metres the camera stands along the road from the place's own point, towards the signed places when positive. */
  along: number;
  /** The road's bearing in degrees, when chosen (a shared location's scene) rather than drawn from the seed. */
  heading?: number;
}

/** Everything a scene takes from its variation, derived once. */
export interface SceneConditions {
  /** Compass bearing in degrees the road runs towards. */
  heading: number;
  /** Degrees from local solar noon, negative in the morning. */
  hourAngle: number;
  /** The sun's declination in degrees (the season's: positive in the northern summer). */
  declination: number;
  /** 0 at midsummer, 1 at midwinter (the place's own hemisphere's). */
  winter: number;
  /** Between summer and winter: 1 at mid-autumn, 0 in spring and at the solstices; `spring` likewise. */
  autumn: number;
  spring: number;
  /** 0 a clear sky, 1 overcast. */
  cloud: number;
  /** 0 clear air, 1 thick haze. */
  haze: number;
  /** Cars in the camera's lane ahead and in the other lane: distances in metres. */
  ahead: number[];
  oncoming: number[];
  cameraHeight: number;
  /** Metres from the middle of the lane, right positive. */
  laneOffset: number;
  /** Radians the camera looks down (positive) or up: the horizon moves up or down the picture. */
  tilt: number;
  /** The seed every random choice of the scene (props, trees, clouds, the skyline) starts from. */
  seed: number;
  /** Kilometres the camera stands along the road: the signed distances are this much shorter. */
  alongKm: number;
}

/** How far along its road a round may stand from a place's point: towns are smaller than the countryside. */
export function alongRange(place: SamplePlace): number {
  const nearest = min(...place.destinations.map((destination) => destination.km));
  const byPlace = place.setting === 'rural' ? 3000 : place.setting === 'town' ? 1500 : 1200;
  // A sign must still show at least 1 km (or 1 mi) to its nearest place.
  return max(0, min(byPlace, ((nearest - 1.5) * 1000) / 2));
}

/** A fresh variation for a round: `random` is the server's own source. */
export function drawVariation(place: SamplePlace, random: () => number): SceneVariation {
  const range = alongRange(place);
  return { seed: floor(random() * 2 ** 32) >>> 0, along: round((random() * 2 - 1) * range) };
}

const SNOWY: ReadonlySet<Biome> = new Set(['temperate', 'boreal', 'alpine', 'tundra', 'steppe']);
/** Where trees turn in autumn and the year has four seasons; elsewhere it has a wet and a dry one. */
const SEASONAL: ReadonlySet<Biome> = new Set(['temperate', 'boreal', 'alpine', 'tundra', 'steppe', 'mediterranean']);

/**
 * The conditions of a round's scene. Without a variation: the place's own scene, as it has always been
 * painted (map editors' previews, rounds from before scenes varied).
 */
export function conditionsOf(place: SamplePlace, variation: SceneVariation | null): SceneConditions {
  const placeSeed = seedOf(place.key);
  if (!variation) {
    const random = seededRandom(placeSeed + 2);
    return {
      heading: floor(seededRandom(placeSeed)() * 360),
      hourAngle: (random() < 0.5 ? -1 : 1) * (25 + random() * 30),
      declination: 0,
      winter: 0,
      autumn: 0,
      spring: 0,
      cloud: 0.5,
      haze: 0.3,
      ahead: [18],
      oncoming: [30],
      cameraHeight: 2.5,
      laneOffset: 0,
      tilt: 0,
      seed: placeSeed,
      alongKm: 0,
    };
  }
  const seed = (placeSeed ^ variation.seed) >>> 0;
  const random = seededRandom(seed);
  const drawn = random() * 360;
  const heading = variation.heading ?? drawn;
  const hourAngle = (random() < 0.5 ? -1 : 1) * (5 + random() * 65);
  // The time of year, as a phase: 0 midwinter, 0.5 midsummer; spring between 0 and 0.5, autumn after.
  const year = random();
  const winter = (1 + Math.cos(2 * Math.PI * year)) / 2;
  const autumn = Math.max(0, -Math.sin(2 * Math.PI * year));
  const spring = Math.max(0, Math.sin(2 * Math.PI * year));
  // In the hemisphere's summer the sun stands higher: a true clue to the hemisphere and the latitude.
  const declination = 23.4 * (1 - 2 * winter) * (place.lat >= 0 ? 1 : -1);
  const cloud = random();
  const haze = random();
  const cars = (count: number, from: number) => Array.from({ length: count }, (_, index) => from + index * 14 + random() * 22);
  const ahead = cars(floor(random() * 3), 12);
  const oncoming = cars(floor(random() * 3), 16).map((distance) => (random() < 0.5 ? distance : -distance - 6));
  return {
    heading,
    hourAngle,
    declination,
    winter,
    autumn,
    spring,
    cloud,
    haze,
    ahead,
    oncoming,
    cameraHeight: 2.2 + random() * 0.7,
    laneOffset: (random() * 2 - 1) * 0.5,
    tilt: ((random() * 2 - 1) * 4 * Math.PI) / 180,
    seed,
    alongKm: variation.along / 1000,
  };
}

const mix = (from: Rgb, to: Rgb, amount: number): Rgb => [
  from[0] + (to[0] - from[0]) * amount,
  from[1] + (to[1] - from[1]) * amount,
  from[2] + (to[2] - from[2]) * amount,
];

const SNOW: Rgb = [232, 236, 242];
const AUTUMN_LEAVES: Rgb = [168, 104, 40];
const DRY_GRASS: Rgb = [176, 156, 100];
const GREY_SKY: Rgb = [178, 182, 188];
const LOW_SUN_SKY: Rgb = [246, 196, 150];

/**
 * The biome's look under the round's conditions: snow only where the climate has it, autumn leaves only
 * where trees turn, a dry season where there is one; cloud, haze and a low sun change the sky. The
 * vegetation's kinds stay the biome's: they are the clue.
 */
export function lookUnder(look: BiomeLook, biome: Biome, conditions: SceneConditions, sunElevationDegrees: number): BiomeLook {
  let { ground, groundAccent, foliage, horizonSky, zenithSky, distantLand } = look;
  const { winter, autumn, spring, cloud, haze } = conditions;
  if (SEASONAL.has(biome)) {
    foliage = mix(foliage, AUTUMN_LEAVES, autumn * (biome === 'mediterranean' ? 0.25 : 0.6));
    foliage = mix(foliage, [120, 176, 80], spring * 0.35);
    ground = mix(ground, DRY_GRASS, autumn * 0.3);
  }
  if (SNOWY.has(biome)) {
    // Snow lies from late autumn to early spring, thicker where winters are long.
    const depth = biome === 'steppe' || biome === 'temperate' ? 0.6 : 0.85;
    const cover = depth * Math.min(1, Math.max(0, (winter - 0.6) / 0.3));
    ground = mix(ground, SNOW, cover);
    groundAccent = mix(groundAccent, SNOW, cover * 0.8);
    distantLand = mix(distantLand, SNOW, cover * 0.7);
    if (biome === 'temperate' || biome === 'steppe') foliage = mix(foliage, [96, 84, 70], winter * 0.6);
  } else if (!SEASONAL.has(biome)) {
    // The tropics' and deserts' dry season.
    ground = mix(ground, DRY_GRASS, winter * 0.45);
    foliage = mix(foliage, DRY_GRASS, winter * 0.3);
  }
  // From a clear sky to overcast: more cloud, and a greyer sky under it.
  const cloudiness = look.cloudiness * 0.15 + (Math.min(1, look.cloudiness + 0.55) - look.cloudiness * 0.15) * cloud;
  const grey = Math.max(0, (cloud - 0.55) / 0.45);
  horizonSky = mix(horizonSky, GREY_SKY, 0.6 * grey);
  zenithSky = mix(zenithSky, GREY_SKY, 0.75 * grey);
  // Haze whitens the sky towards the horizon and shortens the view.
  const visibility = look.visibility * (1.5 - 1.2 * haze);
  horizonSky = mix(horizonSky, [226, 222, 212], 0.5 * haze);
  zenithSky = mix(zenithSky, horizonSky, 0.35 * haze);
  // Towards sunrise and sunset the horizon warms.
  const low = max(0, 1 - sunElevationDegrees / 25);
  if (low > 0) horizonSky = mix(horizonSky, LOW_SUN_SKY, 0.55 * low * (1 - grey));
  return { ...look, ground, groundAccent, foliage, horizonSky, zenithSky, cloudiness, visibility, distantLand };
}
