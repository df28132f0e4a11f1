import type { LatLng } from '@globetrail/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { openSeaLocator } from '../../../lib/map/country-at';
import { useCountries } from '../../../lib/map/use-countries';
import { fetchCoverage } from '../api/map-editor-api';

/** The editor asks for the picture count once its locations have stayed the same this long. */
const COVERAGE_SETTLE_MS = 800;

/**
 * The locations in open sea (no land within about 25 km on the world map's shapes), where a
 * street-level game has no pictures; null while the shapes load. Deferred: adding locations never waits.
 */
export function useOpenSeaLocations<T extends LatLng>(locations: readonly T[]): T[] | null {
  const countries = useCountries().data;
  const atSea = useMemo(() => (countries ? openSeaLocator(countries) : null), [countries]);
  const deferred = useDeferredValue(locations);
  return useMemo(() => (atSea ? deferred.filter((location) => atSea(location)) : null), [atSea, deferred]);
}

/** A short fingerprint of a list of locations (FNV-1a over their coordinates), to key the count by. */
function fingerprint(locations: readonly LatLng[]): string {
  let hash = 0x811c9dc5;
  for (const { lat, lng } of locations) {
    for (const char of `${lat},${lng};`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  }
  return `${locations.length}:${(hash >>> 0).toString(36)}`;
}

/** How many of the map's locations have an offline picture nearby (POST /maps/coverage), once the list settles. */
export function useMapCoverage(locations: readonly LatLng[], enabled: boolean) {
  const [settled, setSettled] = useState(locations);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(locations), COVERAGE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [locations]);
  const key = useMemo(() => fingerprint(settled), [settled]);
  return useQuery({
    queryKey: ['map-coverage', key],
    queryFn: ({ signal }) => fetchCoverage(settled, signal),
    enabled: enabled && settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
