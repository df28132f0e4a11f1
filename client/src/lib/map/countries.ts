import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

export interface CountryProperties {
  name: string;
  /** 0–5: neighbours rarely share a tone, so borders read even without labels. */
  tone: number;
}

export type CountryCollection = FeatureCollection<Polygon | MultiPolygon, CountryProperties>;

/** Natural Earth countries (world-atlas, public domain) served with the app: the map needs no network. */
export async function loadCountries(signal?: AbortSignal): Promise<CountryCollection> {
  const response = await fetch(countriesUrl, signal ? { signal } : {});
  if (!response.ok) throw new Error(`countries: ${response.status}`);
  const topology = (await response.json()) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
  return {
    type: 'FeatureCollection',
    features: collection.features.map((country, index) => fixCountry(country, index)),
  };
}

function fixCountry(country: Feature<Polygon | MultiPolygon, { name: string }>, index: number): Feature<Polygon | MultiPolygon, CountryProperties> {
  const name = country.properties?.name ?? '';
  const polygons = (country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates)
    .map(fixPolygon)
    .filter((polygon) => polygon.length > 0);
  const geometry: Polygon | MultiPolygon = polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] as Position[][] } : { type: 'MultiPolygon', coordinates: polygons };
  return { type: 'Feature', id: country.id ?? index, properties: { name, tone: toneFor(name, index) }, geometry };
}

/**
 * world-atlas draws Antarctica as a ring along the pole (-89.999°) plus its coastline: a shape that is
 * only closed on a sphere. The polar ring is dropped and the coastline closed through the pole instead.
 */
function fixPolygon(rings: Position[][]): Position[][] {
  return rings.filter((ring) => !ring.every(([, lat = 0]) => Math.abs(lat) > 89.9)).map(unwrapRing);
}

/**
 * Rings that cross ±180° (Russia, Fiji, Antarctica) jump from 180 to -180 and draw a stripe across the
 * whole map. Unwrapping keeps consecutive points within 180° (maplibre draws longitudes past 180 on the
 * next world copy). A ring that still goes once around the globe encircles a pole: close it along that
 * pole so its fill covers the polar cap rather than the rest of the world.
 */
export function unwrapRing(ring: Position[]): Position[] {
  if (ring.length === 0) return ring;
  const out: Position[] = [];
  let offset = 0;
  let previous: number | null = null;
  for (const point of ring) {
    const [lng = 0, lat = 0] = point;
    if (previous !== null) {
      const delta = lng + offset - previous;
      if (delta > 180) offset -= 360;
      else if (delta < -180) offset += 360;
    }
    const unwrapped = lng + offset;
    out.push([unwrapped, lat]);
    previous = unwrapped;
  }
  const first = out[0] as Position;
  const last = out[out.length - 1] as Position;
  const drift = (last[0] ?? 0) - (first[0] ?? 0);
  if (Math.abs(drift) > 180) {
    const meanLat = out.reduce((sum, point) => sum + (point[1] ?? 0), 0) / out.length;
    const pole = meanLat < 0 ? -90 : 90;
    out.push([last[0] ?? 0, pole], [first[0] ?? 0, pole], [first[0] ?? 0, first[1] ?? 0]);
  }
  return out;
}

function toneFor(name: string, index: number): number {
  let hash = index;
  for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return hash % 6;
}
