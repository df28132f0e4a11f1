import { MAP_LIMITS } from '../events/map-events.js';
import { type MapLocationInput, mapLocationInputSchema } from '../rest/maps.js';

/**
 * Map files as map makers trade them: map-making.app's JSON (`{ name, customCoordinates: [{ lat, lng,
 * heading, pitch, zoom, panoId, … }] }`, which GeoGuessr's own export shares) and a plain list of
 * `[lat, lng]` pairs (a third number is the heading, as SPEC §3's location lists allow) or `{ lat, lng }`
 * objects. Fields map makers add that a game does not use (countryCode, stateCode, extra) are ignored.
 */

/** A location's fields, as a problem names them. */
export const mapFileFields = ['lat', 'lng', 'heading', 'pitch', 'zoom', 'panoId'] as const;
export type MapFileField = (typeof mapFileFields)[number];

/**
 * What is wrong with a file, as codes a screen can translate: problems of the file as a whole
 * (`entry` null) and problems of one entry (`entry`: its 0-based position in the file).
 */
export type MapFileProblem =
  | { entry: null; kind: 'notJson' | 'notMapFile' | 'noLocations' }
  /** More locations than the map has room for (`room` = MAP_LIMITS.maxLocations minus those on it). */
  | { entry: null; kind: 'tooMany'; count: number; room: number }
  /** Neither `{ lat, lng, … }` nor `[lat, lng]`. */
  | { entry: number; kind: 'notLocation' }
  /** A field breaks mapLocationInputSchema's rule for it. */
  | { entry: number; kind: 'invalid'; field: MapFileField }
  /** The same place (to about 10 cm) as entry `of` of the file. */
  | { entry: number; kind: 'repeats'; of: number }
  /** The same place as location `of` (0-based) already on the map. */
  | { entry: number; kind: 'onMap'; of: number };

export type ParsedMapFile = { ok: true; name: string | null; locations: MapLocationInput[] } | { ok: false; problems: MapFileProblem[] };

/** Two locations this close (about 10 cm) are one place, as the server decides (a map holds a place once). */
export const placeKey = (location: { lat: number; lng: number }) => `${location.lat.toFixed(6)},${location.lng.toFixed(6)}`;

/**
 * Reads a map file. Every entry is checked (mapLocationInputSchema, and a place neither given twice nor
 * already among `existing`), and one bad entry refuses the whole file with every problem found, so
 * nothing is ever half imported. `existing` are the map's locations: the file may add up to
 * MAP_LIMITS.maxLocations minus their number.
 */
export function parseMapFile(text: string, existing: readonly { lat: number; lng: number }[] = []): ParsedMapFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problems: [{ entry: null, kind: 'notJson' }] };
  }
  const shape = entriesOf(json);
  if (!shape) return { ok: false, problems: [{ entry: null, kind: 'notMapFile' }] };
  const { name, entries } = shape;
  if (entries.length === 0) return { ok: false, problems: [{ entry: null, kind: 'noLocations' }] };
  const problems: MapFileProblem[] = [];
  const room = Math.max(0, MAP_LIMITS.maxLocations - existing.length);
  if (entries.length > room) problems.push({ entry: null, kind: 'tooMany', count: entries.length, room });
  // Places on the map are remembered as -1 - their index, the file's own as their entry.
  const seen = new Map(existing.map((location, index) => [placeKey(location), -1 - index]));
  const locations: MapLocationInput[] = [];
  for (const [entry, value] of entries.entries()) {
    const candidate = locationCandidate(value);
    if (!candidate) {
      problems.push({ entry, kind: 'notLocation' });
      continue;
    }
    const parsed = mapLocationInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]).filter((field): field is MapFileField => mapFileFields.includes(field as MapFileField)));
      for (const field of mapFileFields) if (fields.has(field)) problems.push({ entry, kind: 'invalid', field });
      continue;
    }
    const key = placeKey(parsed.data);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(earlier < 0 ? { entry, kind: 'onMap', of: -1 - earlier } : { entry, kind: 'repeats', of: earlier });
      continue;
    }
    seen.set(key, entry);
    locations.push(parsed.data);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, name, locations };
}

/** map-making.app's format, which GeoGuessr and most map tools read; absent fields are left out. */
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

/** A plain list of [lat, lng] pairs, one a line. */
export function toPlainList(locations: readonly { lat: number; lng: number }[]): string {
  return `[\n${locations.map(({ lat, lng }) => `  [${lat}, ${lng}]`).join(',\n')}\n]\n`;
}

/** A file name from a map's name: lower-case letters, digits and dashes (accents dropped), else `map`. */
export function mapFileName(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return stem || 'map';
}

function entriesOf(json: unknown): { name: string | null; entries: unknown[] } | null {
  if (Array.isArray(json)) return { name: null, entries: json };
  if (typeof json === 'object' && json !== null && Array.isArray((json as { customCoordinates?: unknown }).customCoordinates)) {
    const { name, customCoordinates } = json as { name?: unknown; customCoordinates: unknown[] };
    return { name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null, entries: customCoordinates };
  }
  return null;
}

/** An entry as the location it stands for (still unchecked), or null when it cannot be one. */
function locationCandidate(entry: unknown): Record<string, unknown> | null {
  if (Array.isArray(entry)) {
    if (entry.length < 2 || entry.length > 3) return null;
    const [lat, lng, heading] = entry as unknown[];
    return heading === undefined ? { lat, lng } : { lat, lng, heading };
  }
  if (typeof entry !== 'object' || entry === null) return null;
  const { lat, lng, heading, pitch, zoom, panoId } = entry as Record<string, unknown>;
  // map-making.app writes null (and sometimes '') for a view field it has no value for.
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
