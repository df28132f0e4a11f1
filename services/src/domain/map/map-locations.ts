import { createHash } from 'node:crypto';
import { MAP_LIMITS, type MapCategories, type MapExtent, type MapLocation, type MapLocationsAdded, type MapPicture, suggestCategories } from '@globetrail/contracts';
import { mapExtentOf } from './map-extent.js';
import { countryAt } from '../country.js';

/** The events that add `locations` to a map holding `from` of them so far, MAP_LIMITS.chunk a piece. */
export function locationChunks(mapId: string, locations: readonly MapLocation[], from = 0): MapLocationsAdded[] {
  const events: MapLocationsAdded[] = [];
  for (let start = 0; start < locations.length; start += MAP_LIMITS.chunk) {
    events.push({ type: 'MapLocationsAdded', version: 1, data: { mapId, from: from + start, locations: locations.slice(start, start + MAP_LIMITS.chunk) } });
  }
  return events;
}

/** A picture saved from the generator or uploaded, as a map location that plays it as it is. */
export function pictureLocation(picture: MapPicture): MapLocation {
  const heading = ((picture.heading % 360) + 360) % 360;
  return { lat: picture.location.lat, lng: picture.location.lng, heading, picture: { provider: picture.provider, imageId: picture.imageId } };
}

/**
 * A digest of a map's location list, chained chunk by chunk as MapLocationsAdded events bring them, so
 * a save that sends the same list again appends nothing. Fields are listed in a fixed order: equal
 * locations hash equally whatever their JSON looked like.
 */
export function chainLocationsHash(previous: string, chunk: readonly MapLocation[]): string {
  const fields = chunk.map((l) => [l.lat, l.lng, l.heading ?? null, l.pitch ?? null, l.zoom ?? null, l.panoId ?? null, l.picture?.provider ?? null, l.picture?.imageId ?? null]);
  return createHash('sha256').update(previous).update(JSON.stringify(fields)).digest('base64url');
}

/** The digest a map would have after its locations were replaced by `locations`. */
export function locationsHash(locations: readonly MapLocation[]): string {
  let hash = '';
  for (let start = 0; start < locations.length; start += MAP_LIMITS.chunk) hash = chainLocationsHash(hash, locations.slice(start, start + MAP_LIMITS.chunk));
  return hash;
}

/** Two locations closer than this (about 10 cm) are the same place. */
const placeKey = (location: MapLocation) => `${location.lat.toFixed(6)},${location.lng.toFixed(6)}`;

/** The first location that repeats an earlier one's place, as [its index, the earlier index]; null if none does. */
export function firstRepeatedPlace(locations: readonly MapLocation[]): [number, number] | null {
  const seen = new Map<string, number>();
  for (const [index, location] of locations.entries()) {
    const key = placeKey(location);
    const earlier = seen.get(key);
    if (earlier !== undefined) return [index, earlier];
    seen.set(key, index);
  }
  return null;
}

/** A location list's extent, and the categories it suggests when its author names none. */
export function locationFacts(locations: readonly MapLocation[]): { extent: MapExtent; suggested: MapCategories } {
  const extent = mapExtentOf(locations);
  return { extent, suggested: suggestCategories(locations.map(countryAt), extent.mmd) };
}
