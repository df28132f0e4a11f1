import { EARTH_RADIUS_METERS, type LatLng } from '@globetrail/contracts';

/** Longitudes as one interval, or as two when the circle crosses the antimeridian; null: every longitude. */
export interface SearchBox {
  minLat: number;
  maxLat: number;
  lngRanges: Array<[number, number]> | null;
}

const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The smallest lat/lng box holding every point within `radiusMeters` of `center` on the sphere
 * (the bounding-coordinates method: the longitude half-width is asin(sin r / cos lat)). It only has to be a
 * superset: exact great-circle distances decide afterwards.
 */
export function searchBox(center: LatLng, radiusMeters: number): SearchBox {
  const angular = radiusMeters / EARTH_RADIUS_METERS;
  const minLat = center.lat - toDegrees(angular);
  const maxLat = center.lat + toDegrees(angular);
  if (angular >= Math.PI / 2 || minLat <= -90 || maxLat >= 90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lngRanges: null };
  }
  const halfWidth = toDegrees(Math.asin(Math.sin(angular) / Math.cos(toRadians(center.lat))));
  const west = center.lng - halfWidth;
  const east = center.lng + halfWidth;
  if (west < -180) return { minLat, maxLat, lngRanges: [[west + 360, 180], [-180, east]] };
  if (east > 180) return { minLat, maxLat, lngRanges: [[west, 180], [-180, east - 360]] };
  return { minLat, maxLat, lngRanges: [[west, east]] };
}
