import { MAP_LIMITS } from '../events/map-events.js';
import { type MapLocationInput, mapLocationInputSchema } from '../rest/maps.js';

/**
 * Map files as map makers trade them: map-making.app's JSON (`{ name, customCoordinates: [{ lat, lng,
 * heading, pitch, zoom, panoId, … }] }`, which GeoGuessr's own export shares) and a plain list of
 * `[lat, lng]` pairs (a third number is the heading, as SPEC §3's location lists allow) or `{ lat, lng }`
 * objects. Fields map makers add that a game does not use (countryCode, stateCode, extra) are ignored.
 */
export interface MapFileProblem {
  /** 0-based entry the problem is in; null for the file as a whole. */
  entry: number | null;
  /** The entry's field, when one is to blame. */
  field: string | null;
  message: string;
}

export type ParsedMapFile = { ok: true; name: string | null; locations: MapLocationInput[] } | { ok: false; problems: MapFileProblem[] };

type Location = ReturnType<typeof mapLocationInputSchema.parse>;

/** Two locations this close (about 10 cm) are one place, as the server decides. */
export const placeKey = (location: { lat: number; lng: number }) => `${location.lat.toFixed(6)},${location.lng.toFixed(6)}`;

/**
 * Reads a map file. Every entry is checked (coordinates in range, heading, pitch, zoom, panoId, a place
 * not given twice nor already in `existing`), and one bad entry makes the whole file refused with every
 * problem found, so nothing is ever half imported. `room` is how many more locations the map may take.
 */
export function parseMapFile(text: string, existing: readonly { lat: number; lng: number }[] = [], room: number = MAP_LIMITS.maxLocations): ParsedMapFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse(null, null, `not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const shape = entriesOf(json);
  if (!shape) return refuse(null, null, 'not a map file: expected { "customCoordinates": [...] } or a list of [lat, lng]');
  const { name, entries } = shape;
  if (entries.length === 0) return refuse(null, null, 'the file has no locations');
  const problems: MapFileProblem[] = [];
  if (entries.length > room) problems.push({ entry: null, field: null, message: `${entries.length} locations, but the map has room for ${room} more (at most ${MAP_LIMITS.maxLocations} in all)` });
  const seen = new Map(existing.map((location, index) => [placeKey(location), -1 - index]));
  const locations: MapLocationInput[] = [];
  for (const [index, entry] of entries.entries()) {
    const candidate = locationCandidate(entry);
    if (typeof candidate === 'string') {
      problems.push({ entry: index, field: null, message: candidate });
      continue;
    }
    const parsed = mapLocationInputSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ entry: index, field: issue.path.map(String).join('.') || null, message: issue.message });
      continue;
    }
    const location: Location = parsed.data;
    const key = placeKey(location);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ entry: index, field: null, message: earlier < 0 ? 'this place is already on the map' : `the same place as entry ${earlier + 1}` });
      continue;
    }
    seen.set(key, index);
    locations.push(location);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, name, locations };
}

/** map-making.app's format, which GeoGuessr and most map tools read. */
export function toMapMakingJson(name: string, locations: readonly MapLocationInput[]): string {
  const customCoordinates = locations.map(({ lat, lng, heading, pitch, zoom, panoId }) => ({
    lat,
    lng,
    ...(heading === undefined ? {} : { heading }),
    ...(pitch === undefined ? {} : { pitch }),
    ...(zoom === undefined ? {} : { zoom }),
    ...(panoId === undefined ? {} : { panoId }),
  }));
  return `${JSON.stringify({ name, customCoordinates }, null, 2)}\n`;
}

/** A plain list of [lat, lng] pairs. */
export function toPlainList(locations: readonly { lat: number; lng: number }[]): string {
  return `[\n${locations.map(({ lat, lng }) => `  [${lat}, ${lng}]`).join(',\n')}\n]\n`;
}

function entriesOf(json: unknown): { name: string | null; entries: unknown[] } | null {
  if (Array.isArray(json)) return { name: null, entries: json };
  if (typeof json === 'object' && json !== null && Array.isArray((json as { customCoordinates?: unknown }).customCoordinates)) {
    const { name, customCoordinates } = json as { name?: unknown; customCoordinates: unknown[] };
    return { name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null, entries: customCoordinates };
  }
  return null;
}

/** An entry as the location it stands for (still unchecked), or why it cannot be one. */
function locationCandidate(entry: unknown): Record<string, unknown> | string {
  if (Array.isArray(entry)) {
    if (entry.length < 2 || entry.length > 3) return 'a location list holds two numbers (lat, lng), and an optional heading';
    const [lat, lng, heading] = entry as unknown[];
    return heading === undefined ? { lat, lng } : { lat, lng, heading };
  }
  if (typeof entry !== 'object' || entry === null) return 'a location is { "lat": …, "lng": … } or [lat, lng]';
  const { lat, lng, heading, pitch, zoom, panoId } = entry as Record<string, unknown>;
  const present = (value: unknown) => value !== undefined && value !== null && value !== '';
  return {
    lat,
    lng,
    ...(present(heading) ? { heading } : {}),
    ...(present(pitch) ? { pitch } : {}),
    ...(present(zoom) ? { zoom } : {}),
    ...(present(panoId) ? { panoId } : {}),
  };
}

function refuse(entry: number | null, field: string | null, message: string): ParsedMapFile {
  return { ok: false, problems: [{ entry, field, message }] };
}
