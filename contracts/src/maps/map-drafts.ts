import { MAP_LIMITS } from '../events/map-events.js';
import { greatCircleDistance, type LatLng } from '../rules/geo.js';
import { DEFAULT_MAX_MAP_DISTANCE_METERS } from '../rules/score.js';
import type { MapLocationInput, PostMapUpdateRequest } from '../rest/maps.js';
import { type MapCategories, suggestCategories } from './map-categories.js';

/**
 * A map as the editor holds it between saves, and what a save of it sends (`POST /maps/postUpdate/{id}`):
 * only what changed, so an unchanged list of 10,000 locations is not sent again.
 */
export interface MapDraft {
  name: string;
  description: string;
  /** Null: the author has not chosen them (a new map takes what its locations suggest). */
  categories: MapCategories | null;
  locations: readonly MapLocationInput[];
}

/** What the server holds of the map; null before its first save. */
export interface SavedMap {
  name: string;
  description: string;
  categories: MapCategories;
  locations: readonly MapLocationInput[];
}

/**
 * The request that saves `draft`, or null when it would change nothing. A new map sends its locations
 * (and its categories only if the author chose them); a saved one sends its locations and categories only
 * when they differ. Name and description always go (the call requires the name). A blank new map sends nothing.
 */
export function draftUpdate(saved: SavedMap | null, draft: MapDraft): PostMapUpdateRequest | null {
  const name = draft.name.trim();
  const description = draft.description.trim();
  if (saved === null) {
    // A new map nobody has written anything into yet has nothing to save.
    if (name === '' && description === '' && draft.categories === null && draft.locations.length === 0) return null;
    return { name, description, ...(draft.categories ? { categories: draft.categories } : {}), locations: [...draft.locations] };
  }
  const categoriesChanged = draft.categories !== null && !sameCategories(draft.categories, saved.categories);
  const locationsChanged = !sameLocations(draft.locations, saved.locations);
  if (name === saved.name && description === saved.description && !categoriesChanged && !locationsChanged) return null;
  return { name, description, ...(categoriesChanged ? { categories: draft.categories! } : {}), ...(locationsChanged ? { locations: [...draft.locations] } : {}) };
}

/** Same locations in the same order, every field alike (a list kept from the last save compares at once). */
export function sameLocations(a: readonly MapLocationInput[], b: readonly MapLocationInput[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    const [x, y] = [a[index]!, b[index]!];
    if (x === y) continue;
    if (x.lat !== y.lat || x.lng !== y.lng || x.heading !== y.heading || x.pitch !== y.pitch || x.zoom !== y.zoom || x.panoId !== y.panoId) return false;
  }
  return true;
}

export function sameCategories(a: MapCategories, b: MapCategories): boolean {
  return (
    a.coverage === b.coverage &&
    a.urbanRural === b.urbanRural &&
    a.coastalInland === b.coastalInland &&
    a.regionalFocusByCountry === b.regionalFocusByCountry &&
    a.countryStreakEligible === b.countryStreakEligible
  );
}

/** Whether a map of `count` locations may be saved (SPEC §9 reading: 5 to 10,000, docs/maps.md). */
export function locationCountProblem(count: number): 'tooFew' | 'tooMany' | null {
  if (count < MAP_LIMITS.minLocations) return 'tooFew';
  if (count > MAP_LIMITS.maxLocations) return 'tooMany';
  return null;
}

/**
 * The diagonal of the smallest latitude/longitude box around the locations, the short way across the
 * antimeridian: what coverage is judged by. As on the server, a box of half the longitudes or more, or
 * of a single point, has no meaningful diagonal and counts as the default (half the circumference).
 */
export function boxDiagonalMeters(locations: readonly LatLng[]): number {
  if (locations.length < 2) return DEFAULT_MAX_MAP_DISTANCE_METERS;
  let south = 90;
  let north = -90;
  for (const { lat } of locations) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  // The narrowest longitude range holding every point leaves out the widest gap between neighbours.
  const lngs = [...new Set(locations.map(({ lng }) => ((lng + 540) % 360) - 180))].sort((x, y) => x - y);
  let gap = lngs[0]! + 360 - lngs[lngs.length - 1]!;
  let west = lngs[0]!;
  let east = lngs[lngs.length - 1]!;
  for (let index = 1; index < lngs.length; index += 1) {
    const between = lngs[index]! - lngs[index - 1]!;
    if (between > gap) {
      gap = between;
      west = lngs[index]!;
      east = lngs[index - 1]!;
    }
  }
  if (360 - gap >= 180) return DEFAULT_MAX_MAP_DISTANCE_METERS;
  const diagonal = greatCircleDistance({ lat: south, lng: west }, { lat: north, lng: east });
  return diagonal > 0 ? diagonal : DEFAULT_MAX_MAP_DISTANCE_METERS;
}

/** Country shares are read from at most this many locations, evenly spread: a share does not need all 10,000. */
export const SUGGESTION_SAMPLE = 2000;

/**
 * What the locations suggest for a new map (contracts' suggestCategories, as the server decides when the
 * author names none): `countryOf` says which country (ISO alpha-2) a location lies in, null at sea.
 */
export function suggestDraftCategories(locations: readonly LatLng[], countryOf: (location: LatLng) => string | null): MapCategories {
  const step = Math.max(1, locations.length / SUGGESTION_SAMPLE);
  const sample: LatLng[] = [];
  for (let index = 0; index < locations.length; index += step) sample.push(locations[Math.floor(index)]!);
  return suggestCategories(sample.map(countryOf), boxDiagonalMeters(locations));
}
