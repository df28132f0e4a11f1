import type { LatLng } from '@globetrail/contracts';
import type { Position } from 'geojson';
import type { CountryCollection } from './countries';
import { countryCodeOfAtlasId } from './country-codes';

interface Shape {
  code: string;
  west: number;
  south: number;
  east: number;
  north: number;
  rings: Position[][];
}

/**
 * Which country (ISO 3166-1 alpha-2) a point lies in, by the Natural Earth shapes the maps draw; null at
 * sea. The shapes' rings are unwrapped across ±180° (countries.ts), so a point is also tried a world
 * away. Answers are remembered per location object: a list that changes one location asks again once.
 */
export function countryLocator(countries: CountryCollection): (at: LatLng) => string | null {
  const shapes = shapesOf(countries, false);
  const known = new WeakMap<LatLng, string | null>();
  return (at) => {
    const remembered = known.get(at);
    if (remembered !== undefined) return remembered;
    let found: string | null = null;
    search: for (const lng of [at.lng, at.lng + 360, at.lng - 360]) {
      for (const shape of shapes) {
        if (lng < shape.west || lng > shape.east || at.lat < shape.south || at.lat > shape.north) continue;
        if (inside(lng, at.lat, shape.rings)) {
          found = shape.code;
          break search;
        }
      }
    }
    known.set(at, found);
    return found;
  };
}

/**
 * Whether a point is in open sea: no land of the Natural Earth shapes (any territory, named or not) at the
 * point or within about 25 km of it north, south, east and west, so a beach or a harbour is never flagged.
 */
export function openSeaLocator(countries: CountryCollection): (at: LatLng) => boolean {
  const shapes = shapesOf(countries, true);
  const onLand = (lat: number, lng: number) =>
    [lng, lng + 360, lng - 360].some((x) => shapes.some((shape) => x >= shape.west && x <= shape.east && lat >= shape.south && lat <= shape.north && inside(x, lat, shape.rings)));
  const known = new WeakMap<LatLng, boolean>();
  return (at) => {
    const remembered = known.get(at);
    if (remembered !== undefined) return remembered;
    const margin = OPEN_SEA_MARGIN_DEGREES;
    const widened = margin / Math.max(0.2, Math.cos((at.lat * Math.PI) / 180));
    const sea = !onLand(at.lat, at.lng) && !onLand(at.lat + margin, at.lng) && !onLand(at.lat - margin, at.lng) && !onLand(at.lat, at.lng + widened) && !onLand(at.lat, at.lng - widened);
    known.set(at, sea);
    return sea;
  };
}

/** About 25 km of latitude: land this near makes a location coastal, not open sea. */
const OPEN_SEA_MARGIN_DEGREES = 0.225;

function shapesOf(countries: CountryCollection, uncoded: boolean): Shape[] {
  const shapes: Shape[] = [];
  for (const feature of countries.features) {
    const code = feature.id === undefined ? null : countryCodeOfAtlasId(String(feature.id));
    if (!code && !uncoded) continue;
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    for (const rings of polygons) {
      const outer = rings[0] ?? [];
      let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const [lng = 0, lat = 0] of outer) {
        west = Math.min(west, lng);
        east = Math.max(east, lng);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
      shapes.push({ code: code ?? '', west, south, east, north, rings });
    }
  }
  return shapes;
}

/** Even-odd rule over a polygon's rings (its holes count against it). */
function inside(x: number, y: number, rings: Position[][]): boolean {
  let odd = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const [xi = 0, yi = 0] = ring[i]!;
      const [xj = 0, yj = 0] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}
