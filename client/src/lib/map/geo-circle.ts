import { EARTH_RADIUS_METERS, type LatLng } from '@globetrail/contracts';
import type { Polygon, Position } from 'geojson';

const STEPS = 96;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * A circle of `radiusMeters` around `center` on the sphere, as a polygon maplibre can draw. Longitudes
 * are unwrapped around the centre so a circle across ±180° stays one shape; a circle that covers a
 * pole is closed along it.
 */
export function geoCircle(center: LatLng, radiusMeters: number): Polygon {
  const angular = Math.min(Math.PI, Math.max(0, radiusMeters) / EARTH_RADIUS_METERS);
  const lat1 = toRadians(center.lat);
  const lng1 = toRadians(center.lng);
  const ring: Position[] = [];
  let previous: number | null = null;
  for (let step = 0; step <= STEPS; step += 1) {
    const bearing = (2 * Math.PI * step) / STEPS;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    let lng2 = toDegrees(lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2)));
    if (previous !== null) {
      while (lng2 - previous > 180) lng2 -= 360;
      while (lng2 - previous < -180) lng2 += 360;
    }
    previous = lng2;
    ring.push([lng2, Math.max(-85, Math.min(85, toDegrees(lat2)))]);
  }
  const first = ring[0] as Position;
  const last = ring[ring.length - 1] as Position;
  if (Math.abs((last[0] ?? 0) - (first[0] ?? 0)) > 180) {
    // The circle contains a pole: go round the cap instead of cutting through the map.
    const pole = toDegrees(angular) > 90 - center.lat ? 85 : -85;
    ring.push([last[0] ?? 0, pole], [first[0] ?? 0, pole], [first[0] ?? 0, first[1] ?? 0]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}
