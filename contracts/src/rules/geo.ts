import { z } from 'zod';

export const EARTH_RADIUS_METERS = 6371008.8;

export const latLngSchema = z.object({
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
});
export type LatLng = z.infer<typeof latLngSchema>;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine on a sphere of the mean Earth radius). */
export function greatCircleDistance(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The compass bearing to set off from `from` towards `to` on the great circle: degrees clockwise from north
 * in [0, 360). Meaningless (0) when the two points coincide.
 */
export function initialBearing(from: LatLng, to: LatLng): number {
  const [lat1, lat2, dLng] = [toRadians(from.lat), toRadians(to.lat), toRadians(to.lng - from.lng)];
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  const degrees = (Math.atan2(y, x) * 180) / Math.PI;
  return (degrees + 360) % 360;
}

/**
 * The point `meters` from `from` setting off on compass bearing `bearing` (degrees) along a great circle,
 * rounded to 1e-6 degrees (about 10 cm), its longitude in [-180, 180].
 */
export function destinationPoint(from: LatLng, bearing: number, meters: number): LatLng {
  const angle = meters / EARTH_RADIUS_METERS;
  const [lat1, lng1, theta] = [toRadians(from.lat), toRadians(from.lng), toRadians(bearing)];
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta));
  const lng2 = lng1 + Math.atan2(Math.sin(theta) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  const lng = ((((lng2 * 180) / Math.PI + 540) % 360) + 360) % 360 - 180;
  return { lat: round6((lat2 * 180) / Math.PI), lng: round6(lng) };
}

/** Two locations are the same target when they agree to about 1 cm; JSON round trips keep that. */
export function sameLocation(a: LatLng, b: LatLng): boolean {
  return Math.abs(a.lat - b.lat) < 1e-7 && Math.abs(a.lng - b.lng) < 1e-7;
}

/** Parses the shared-location form of SPEC §5: "lat,lng" with at least two numbers. */
export function parseLatLngPair(text: string): LatLng | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length < 2 || parts.some((part) => part === '')) return null;
  const [lat, lng] = parts.map(Number);
  const parsed = latLngSchema.safeParse({ lat, lng });
  return parsed.success ? parsed.data : null;
}
