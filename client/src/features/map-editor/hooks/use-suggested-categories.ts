import { type LatLng, type MapCategories, suggestDraftCategories } from '@globetrail/contracts';
import { useDeferredValue, useMemo } from 'react';
import { countryLocator } from '../../../lib/map/country-at';
import { useCountries } from '../../../lib/map/use-countries';

/**
 * What the locations suggest for the categories (as the server would decide), worked out from the
 * country shapes the map already loads; null while they load, with no locations, or when not `wanted`.
 * Deferred, so adding locations never waits for it.
 */
export function useSuggestedCategories(locations: readonly LatLng[], wanted: boolean): MapCategories | null {
  const countries = useCountries().data;
  const countryOf = useMemo(() => (countries ? countryLocator(countries) : null), [countries]);
  const deferred = useDeferredValue(locations);
  return useMemo(() => (wanted && countryOf && deferred.length > 0 ? suggestDraftCategories(deferred, countryOf) : null), [wanted, countryOf, deferred]);
}
