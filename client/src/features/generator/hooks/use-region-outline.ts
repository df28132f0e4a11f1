import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { useMemo } from 'react';
import type { CountryProperties } from '../../../lib/map/countries';
import { atlasIdOf } from '../../../lib/map/country-codes';
import { useCountries } from '../../../lib/map/use-countries';

export type CountryFeature = Feature<Polygon | MultiPolygon, CountryProperties>;

/** [west, south, east, north] */
export type Bounds = [number, number, number, number];

export type RegionOutline =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  /** The code is assigned but Natural Earth draws the place as part of another country. */
  | { state: 'missing' }
  | { state: 'ready'; features: CountryFeature[]; bounds: Bounds };

/** Parts of a country this close (degrees, on both axes) to its main land frame the first view with it. */
const NEAR_DEGREES = 10;

function ringBounds(ring: Position[]): Bounds {
  const bounds: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng = 0, lat = 0] of ring) {
    bounds[0] = Math.min(bounds[0], lng);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lng);
    bounds[3] = Math.max(bounds[3], lat);
  }
  return bounds;
}

const area = ([west, south, east, north]: Bounds) => (east - west) * (north - south);
const gap = (a: Bounds, b: Bounds) => Math.max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3]);
const union = (a: Bounds, b: Bounds): Bounds => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

/**
 * The frame of a country's main land and the parts near it. France's shape also holds French Guiana and
 * Réunion, an ocean away: framing all of it would show mostly sea.
 */
export function mainBounds(features: CountryFeature[]): Bounds | null {
  const parts = features
    .flatMap((feature) => (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates))
    .map((polygon) => ringBounds(polygon[0] ?? []))
    .filter((bounds) => Number.isFinite(bounds[0]))
    .sort((a, b) => area(b) - area(a));
  const [largest, ...rest] = parts;
  if (!largest) return null;
  let frame = largest;
  let remaining = rest;
  for (let grew = true; grew; ) {
    grew = false;
    const next: Bounds[] = [];
    for (const part of remaining) {
      if (gap(frame, part) <= NEAR_DEGREES) {
        frame = union(frame, part);
        grew = true;
      } else next.push(part);
    }
    remaining = next;
  }
  return frame;
}

/** The outline of an ISO 3166-1 alpha-2 country from the bundled world-atlas shapes. */
export function useRegionOutline(code: string | null): RegionOutline | null {
  const countries = useCountries();
  const atlasId = code ? atlasIdOf(code) : null;
  const data = countries.data;
  return useMemo((): RegionOutline | null => {
    if (atlasId === null) return null;
    if (countries.isError) return { state: 'failed', retry: () => void countries.refetch() };
    if (!data) return { state: 'loading' };
    // Features without an id of their own carry their index, a number: only string ids are ISO codes.
    const features = data.features.filter((feature) => typeof feature.id === 'string' && feature.id === atlasId);
    const bounds = mainBounds(features);
    return bounds ? { state: 'ready', features, bounds } : { state: 'missing' };
  }, [atlasId, data, countries.isError, countries.refetch]);
}
