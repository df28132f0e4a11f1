import type { Biome } from '../sample-place.js';

export type Rgb = readonly [number, number, number];
export type TreeKind = 'conifer' | 'broadleaf' | 'palm' | 'acacia' | 'shrub' | 'cypress';

export interface BiomeLook {
  /** Verge colour near the road and its darker/lighter mottling. */
  ground: Rgb;
  groundAccent: Rgb;
  foliage: Rgb;
  trees: TreeKind[];
  /** Trees along 200 m of rural road. */
  treeCount: number;
  /** Fraction of the sky under cloud. */
  cloudiness: number;
  /** Metres; lower in humid air. */
  visibility: number;
  horizonSky: Rgb;
  zenithSky: Rgb;
  /** The far hills or mountains, before haze. */
  distantLand: Rgb;
  snowOnPeaks: boolean;
  walls: Rgb[];
}

const TEMPERATE_WALLS: Rgb[] = [[176, 92, 70], [214, 206, 190], [160, 160, 158], [226, 216, 180]];
const WARM_WALLS: Rgb[] = [[236, 226, 204], [222, 180, 120], [240, 240, 236], [206, 150, 100]];
const TROPICAL_WALLS: Rgb[] = [[240, 214, 120], [150, 200, 190], [236, 236, 230], [226, 150, 130]];

export const BIOMES: Readonly<Record<Biome, BiomeLook>> = {
  temperate: {
    ground: [92, 138, 60], groundAccent: [120, 160, 74], foliage: [58, 104, 44], trees: ['broadleaf', 'broadleaf', 'conifer'],
    treeCount: 34, cloudiness: 0.5, visibility: 9000, horizonSky: [200, 218, 232], zenithSky: [74, 126, 196],
    distantLand: [70, 100, 70], snowOnPeaks: true, walls: TEMPERATE_WALLS,
  },
  boreal: {
    ground: [88, 112, 62], groundAccent: [120, 128, 80], foliage: [36, 70, 42], trees: ['conifer', 'conifer', 'conifer', 'broadleaf'],
    treeCount: 70, cloudiness: 0.55, visibility: 12000, horizonSky: [206, 220, 232], zenithSky: [80, 128, 192],
    distantLand: [46, 74, 58], snowOnPeaks: true, walls: [[150, 40, 36], [220, 210, 180], [90, 110, 130], [236, 236, 228]],
  },
  mediterranean: {
    ground: [168, 156, 96], groundAccent: [132, 134, 76], foliage: [82, 102, 56], trees: ['broadleaf', 'cypress', 'shrub'],
    treeCount: 24, cloudiness: 0.18, visibility: 14000, horizonSky: [214, 226, 236], zenithSky: [56, 118, 206],
    distantLand: [120, 120, 90], snowOnPeaks: false, walls: WARM_WALLS,
  },
  desert: {
    ground: [198, 158, 112], groundAccent: [176, 128, 86], foliage: [110, 118, 72], trees: ['shrub'],
    treeCount: 10, cloudiness: 0.06, visibility: 20000, horizonSky: [226, 222, 210], zenithSky: [64, 130, 214],
    distantLand: [170, 110, 80], snowOnPeaks: false, walls: [[220, 190, 150], [200, 170, 130], [236, 224, 200]],
  },
  steppe: {
    ground: [172, 160, 104], groundAccent: [146, 140, 90], foliage: [96, 110, 60], trees: ['shrub', 'broadleaf'],
    treeCount: 8, cloudiness: 0.3, visibility: 18000, horizonSky: [214, 224, 232], zenithSky: [70, 130, 210],
    distantLand: [130, 124, 96], snowOnPeaks: false, walls: WARM_WALLS,
  },
  savanna: {
    ground: [184, 160, 96], groundAccent: [150, 120, 70], foliage: [88, 110, 50], trees: ['acacia', 'acacia', 'shrub'],
    treeCount: 18, cloudiness: 0.3, visibility: 12000, horizonSky: [222, 224, 222], zenithSky: [76, 136, 206],
    distantLand: [110, 110, 80], snowOnPeaks: false, walls: TROPICAL_WALLS,
  },
  tropical: {
    ground: [72, 140, 54], groundAccent: [110, 90, 56], foliage: [34, 112, 44], trees: ['palm', 'broadleaf', 'palm'],
    treeCount: 46, cloudiness: 0.45, visibility: 6000, horizonSky: [214, 226, 232], zenithSky: [60, 128, 206],
    distantLand: [40, 90, 52], snowOnPeaks: false, walls: TROPICAL_WALLS,
  },
  alpine: {
    ground: [96, 140, 66], groundAccent: [128, 130, 110], foliage: [40, 78, 48], trees: ['conifer', 'conifer', 'broadleaf'],
    treeCount: 40, cloudiness: 0.4, visibility: 16000, horizonSky: [210, 224, 238], zenithSky: [50, 110, 200],
    distantLand: [84, 96, 104], snowOnPeaks: true, walls: [[230, 226, 214], [180, 130, 90], [210, 200, 180]],
  },
  tundra: {
    ground: [112, 122, 84], groundAccent: [98, 96, 78], foliage: [70, 90, 60], trees: ['shrub'],
    treeCount: 6, cloudiness: 0.65, visibility: 14000, horizonSky: [212, 218, 226], zenithSky: [96, 132, 180],
    distantLand: [76, 84, 84], snowOnPeaks: true, walls: [[190, 40, 40], [236, 236, 230], [60, 80, 110], [230, 200, 90]],
  },
};
