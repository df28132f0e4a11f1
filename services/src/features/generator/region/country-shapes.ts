import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { iso1A2Code, iso1N3Code } from '@rapideditor/country-coder';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

type CountryGeometry = Polygon | MultiPolygon;

const require = createRequire(import.meta.url);

/** world-atlas ids are ISO 3166-1 numeric codes; parsed on first use (about 100 ms), then kept. */
let byNumericCode: Map<string, CountryGeometry> | null = null;

function countries(): Map<string, CountryGeometry> {
  if (byNumericCode) return byNumericCode;
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries);
  byNumericCode = new Map();
  for (const country of collection.features) {
    const { geometry } = country;
    if (country.id === undefined || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) continue;
    byNumericCode.set(String(country.id), geometry);
  }
  return byNumericCode;
}

/**
 * A country's shape from world-atlas (Natural Earth 1:50m, the borders the client draws), by its ISO 3166-1
 * alpha-2 code; null for a code that is not one (aliases such as 'UK' included) or a place world-atlas has
 * no shape for. The shape is Natural Earth's admin-0 country: France includes its overseas departments,
 * Norway not Svalbard. A few shapes have no ISO code there (Kosovo, Northern Cyprus, Somaliland) and
 * cannot be chosen.
 */
export function countryShape(alpha2: string): CountryGeometry | null {
  if (iso1A2Code(alpha2) !== alpha2) return null;
  const numeric = iso1N3Code(alpha2);
  return numeric === null ? null : (countries().get(numeric) ?? null);
}
