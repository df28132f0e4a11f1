import type { LatLng } from '@globetrail/contracts';
import { geoArea, geoBounds, geoContains } from 'd3-geo';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { ContainmentGrid, inBox, type LatLngBox } from './containment-grid.js';

/** A region the rules cannot sample: a polygon enclosing no area, or a shape too thin to hit. */
export class UnsampleableRegionError extends Error {
  override readonly name = 'UnsampleableRegionError';
}

interface Part extends LatLngBox {
  polygon: Polygon;
  sinSouth: number;
  sinNorth: number;
  /** d3-geo's containment, through a grid for large polygons. */
  grid: ContainmentGrid | null;
}

/**
 * The least share of its box a part may fill. Every part of every world-atlas country fills at least 7 %
 * of its box; a drawn polygon thinner than this (three corners nearly in a line) is refused up front
 * rather than costing thousands of tries a point.
 */
const MIN_HIT_RATE = 1e-3;

/** Tries for one point inside a part: at the least hit rate, failing this often has odds of e^-100. */
const MAX_TRIES_PER_POINT = 100_000;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const wrapLongitude = (lng: number) => (lng >= 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);

/**
 * Uniform random points in a region of the sphere (a country's shape, or a drawn polygon), and whether a
 * point lies in it. The geometry is d3-geo's: polygons are spherical (edges are great-circle arcs), and
 * `geoBounds`/`geoContains` handle the antimeridian and the poles, so Fiji, Russia or Antarctica need no
 * special case.
 *
 * Uniform over the sphere's area: a part of a multipolygon is chosen in proportion to its area
 * (`geoArea`), then a point is drawn uniformly in that part's latitude/longitude box (longitude uniform,
 * the sine of the latitude uniform: equal areas between parallels) and kept only when the part contains
 * it. Drawing in each part's own box, not the whole region's, keeps the tries few for a country whose
 * parts lie far apart (France and its overseas departments).
 */
export class RegionSampler {
  private readonly parts: Part[];
  /** Running totals of the parts' areas, for choosing a part. */
  private readonly cumulativeArea: number[];
  /** Steradians. */
  readonly area: number;

  constructor(geometry: Polygon | MultiPolygon) {
    const polygons: Polygon[] = geometry.type === 'Polygon' ? [geometry] : geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
    this.parts = [];
    this.cumulativeArea = [];
    let total = 0;
    for (const polygon of polygons) {
      const area = geoArea(polygon);
      if (!(area > 0)) continue;
      // Latitudes from d3-geo, which knows where an edge (a great-circle arc) bulges towards a pole.
      const [[, south], [, north]] = geoBounds(polygon);
      const { west, width } = south === -90 || north === 90 ? { west: -180, width: 360 } : longitudeExtent(polygon.coordinates[0]!);
      const box = { south, north, west, width };
      const part = { ...box, polygon, sinSouth: Math.sin(toRadians(south)), sinNorth: Math.sin(toRadians(north)), grid: null };
      if (area / boxArea(part) < MIN_HIT_RATE) throw new UnsampleableRegionError('the region is too thin to sample: draw a wider polygon');
      total += area;
      this.parts.push({ ...part, grid: ContainmentGrid.for(polygon, box) });
      this.cumulativeArea.push(total);
    }
    if (this.parts.length === 0) throw new UnsampleableRegionError('the region encloses no area');
    this.area = total;
  }

  /**
   * The polygon drawn through `corners` (in order, not closed). A ring means the smaller of the two areas
   * it divides the sphere into, whichever way it was drawn: d3-geo reads a ring's winding as which side is
   * inside, so a ring enclosing more than a hemisphere is reversed.
   */
  static fromCorners(corners: readonly LatLng[]): RegionSampler {
    const ring: Position[] = [...corners, corners[0]!].map((corner) => [corner.lng, corner.lat]);
    const polygon: Polygon = { type: 'Polygon', coordinates: [ring] };
    return new RegionSampler(geoArea(polygon) > 2 * Math.PI ? { type: 'Polygon', coordinates: [[...ring].reverse()] } : polygon);
  }

  contains(point: LatLng): boolean {
    return this.parts.some((part) => inBox(part, point) && partContains(part, point));
  }

  /** A uniformly distributed point of the region; `random` is uniform in [0, 1). */
  sample(random: () => number): LatLng {
    const part = this.choosePart(random());
    for (let tries = 0; tries < MAX_TRIES_PER_POINT; tries++) {
      const lat = toDegrees(Math.asin(part.sinSouth + random() * (part.sinNorth - part.sinSouth)));
      const point = { lat, lng: wrapLongitude(part.west + random() * part.width) };
      if (partContains(part, point)) return point;
    }
    throw new UnsampleableRegionError(`no point inside the region after ${MAX_TRIES_PER_POINT} tries: it is too thin to sample`);
  }

  private choosePart(u: number): Part {
    const target = u * this.area;
    const index = this.cumulativeArea.findIndex((total) => target < total);
    return this.parts[index === -1 ? this.parts.length - 1 : index]!;
  }
}

/**
 * The narrowest span of longitudes holding every corner of the ring: the circle of longitudes minus the
 * widest gap between corners. Edges are great-circle arcs shorter than 180°, which never leave the span
 * their ends make, so this is the ring's extent. d3-geo's geoBounds answers the whole circle for a ring
 * with corners on both -180 and 180 (Natural Earth cuts Fiji and Russia there); here both are one meridian.
 */
function longitudeExtent(ring: readonly Position[]): { west: number; width: number } {
  const longitudes = [...new Set(ring.map(([lng]) => (lng! >= 180 ? lng! - 360 : lng!)))].sort((a, b) => a - b);
  let west = longitudes[0]!;
  let widestGap = longitudes[0]! + 360 - longitudes.at(-1)!;
  for (let i = 1; i < longitudes.length; i++) {
    const gap = longitudes[i]! - longitudes[i - 1]!;
    if (gap > widestGap) {
      widestGap = gap;
      west = longitudes[i]!;
    }
  }
  return { west, width: 360 - widestGap };
}

/** Steradians of a part's latitude/longitude box. */
const boxArea = (part: Omit<Part, 'polygon'>) => toRadians(part.width) * (part.sinNorth - part.sinSouth);

function partContains(part: Part, point: LatLng): boolean {
  return part.grid ? part.grid.contains(point) : geoContains(part.polygon, [point.lng, point.lat]);
}
