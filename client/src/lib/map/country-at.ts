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
  const shapes: Shape[] = [];
  for (const feature of countries.features) {
    const code = feature.id === undefined ? null : countryCodeOfAtlasId(String(feature.id));
    if (!code) continue;
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
      shapes.push({ code, west, south, east, north, rings });
    }
  }
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
