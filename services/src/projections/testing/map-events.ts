import type { DomainEvent, MapCategories, MapLocation } from '@globetrail/contracts';
import { isRejection } from '../../domain/decider.js';
import { type MapCommand, mapDecider, type MapState } from '../../domain/map/map.decider.js';
import { fixedContext } from '../../domain/testing/decider-spec.js';

export const categories: MapCategories = { coverage: 'country', urbanRural: 'mixed', coastalInland: 'mixed', regionalFocusByCountry: 'FR', countryStreakEligible: false };

/** n distinct places, a little apart, starting at (lat, lng). */
export const placesAt = (n: number, lat = 44, lng = 1): MapLocation[] => Array.from({ length: n }, (_, i) => ({ lat: lat + i / 1000, lng: lng + i / 1000 }));

/**
 * Map streams as the map decider writes them: each command decided on the stream's state so far, at the
 * given time. Returns the events per stream, in order.
 */
export function mapStreams(commands: Array<[at: string, command: MapCommand]>): Array<[stream: string, events: DomainEvent[]]> {
  const states = new Map<string, MapState>();
  return commands.map(([at, command]) => {
    const stream = `map-${command.mapId}`;
    const decided = mapDecider.decide(command, states.get(stream) ?? mapDecider.initialState, fixedContext(at));
    if (isRejection(decided)) throw new Error(`${command.type} refused: ${decided.message}`);
    states.set(stream, decided.reduce(mapDecider.evolve, states.get(stream) ?? mapDecider.initialState));
    return [stream, decided];
  });
}

export const authorMap = (mapId: string, name: string, authorId = 'ada', locations = placesAt(6)): Extract<MapCommand, { type: 'SaveMap' }> => ({
  type: 'SaveMap',
  mapId,
  authorId,
  authorName: authorId.toUpperCase(),
  name,
  description: `About ${name}`,
  categories,
  locations,
});

export const presetMap = (mapId: string, name: string, section: 'world' | 'featured', count: number): MapCommand => ({
  type: 'CreatePresetMap',
  mapId,
  name,
  description: `Preset ${name}`,
  copyright: 'Places: GeoNames, CC BY 4.0',
  section,
  categories,
  locationCount: count,
  extent: { bounds: { south: 44, west: 1, north: 45, east: 2 }, mmd: 140_000 },
});

export const presetLocations = (mapId: string, from: number, locations: MapLocation[]): MapCommand => ({ type: 'AddPresetLocations', mapId, from, locations });

export const liked = (mapId: string, userId: string, at = '2026-11-21T10:00:00.000Z'): DomainEvent => ({ type: 'MapLiked', version: 1, data: { mapId, userId, likedAt: at } });
export const unliked = (mapId: string, userId: string, at = '2026-11-21T10:00:00.000Z'): DomainEvent => ({ type: 'MapUnliked', version: 1, data: { mapId, userId, unlikedAt: at } });
