import { iso1A2Code } from '@rapideditor/country-coder';
import type { LatLng } from '@globetrail/contracts';

/**
 * ISO 3166-1 alpha-2 country at a point, from bundled borders (no I/O). The borders reach into coastal
 * waters, so a guess just off a coast counts for that country; the open ocean is null.
 */
export function countryAt(location: LatLng): string | null {
  return iso1A2Code([location.lng, location.lat]) ?? null;
}
