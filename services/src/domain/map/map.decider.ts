import {
  MAP_LIMITS,
  type MapCategories,
  type MapContent,
  type MapEvent,
  type MapExtent,
  type MapLocation,
  type MapPicture,
  SYSTEM_CREATOR,
} from '@globetrail/contracts';
import { assertNever, type Decider, type Decision, type Rejection, reject } from '../decider.js';
import { firstRepeatedPlace, locationChunks, locationFacts, locationsHash, pictureLocation } from './map-locations.js';
import { evolveMap, type MapFacts, type MapState } from './map-state.js';

export type { MapState } from './map-state.js';

export type MapCommand =
  /** A map of pictures: saved from the generator ('pictures') or made of uploaded ones ('image'). */
  | {
      type: 'CreateMap';
      /** Chosen by the server before the first attempt, so a retried save appends nothing new. */
      mapId: string;
      name: string;
      creatorId: string;
      creatorName: string | null;
      content: Extract<MapContent, 'pictures' | 'image'>;
      /** What the pictures were sampled in: an ISO 3166-1 alpha-2 code, 'polygon', or 'image'. */
      region: string;
      pictures: readonly MapPicture[];
    }
  /** The map editor's save (`POST /maps/postUpdate/{id}`): creates the map or changes its author's own. */
  | {
      type: 'SaveMap';
      mapId: string;
      authorId: string;
      authorName: string | null;
      name: string;
      description: string;
      categories: MapCategories | null;
      /** Null keeps the locations as they are. */
      locations: readonly MapLocation[] | null;
    }
  /** A preset map the system makes from open data; its locations follow in AddPresetLocations. */
  | {
      type: 'CreatePresetMap';
      mapId: string;
      name: string;
      description: string;
      copyright: string;
      section: 'world' | 'featured';
      categories: MapCategories;
      locationCount: number;
      extent: MapExtent;
    }
  | { type: 'AddPresetLocations'; mapId: string; from: number; locations: readonly MapLocation[] }
  | { type: 'DeleteMap'; mapId: string; by: string; isAdmin: boolean };

export const mapDecider: Decider<MapState, MapCommand, MapEvent> = {
  initialState: { status: 'none' },

  decide(command, state, ctx): Decision<MapEvent> {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'CreateMap': {
        if (state.status !== 'none') {
          return state.creatorId === command.creatorId ? [] : reject(409, 'conflict', `mapId: map ${command.mapId} already exists`, 'mapId');
        }
        const invalid = checkName(command.name) ?? checkPictures(command.pictures);
        if (invalid) return invalid;
        const locations = command.pictures.map(pictureLocation);
        const facts = locationFacts(locations);
        return [
          {
            type: 'MapCreated',
            version: 2,
            data: {
              mapId: command.mapId,
              name: command.name.trim(),
              description: '',
              creatorId: command.creatorId,
              creatorName: command.creatorName,
              official: false,
              section: null,
              content: command.content,
              copyright: null,
              categories: facts.suggested,
              region: command.region,
              locationCount: locations.length,
              extent: facts.extent,
              createdAt: at,
            },
          },
          ...locationChunks(command.mapId, locations),
        ];
      }
      case 'SaveMap':
        return state.status === 'none' ? createByAuthor(command, at) : updateByAuthor(command, state, at);
      case 'CreatePresetMap': {
        if (state.status !== 'none') return state.creatorId === SYSTEM_CREATOR ? [] : reject(409, 'conflict', `mapId: map ${command.mapId} already exists`, 'mapId');
        return [
          {
            type: 'MapCreated',
            version: 2,
            data: {
              mapId: command.mapId,
              name: command.name,
              description: command.description,
              creatorId: SYSTEM_CREATOR,
              creatorName: null,
              official: true,
              section: command.section,
              content: 'places',
              copyright: command.copyright,
              categories: command.categories,
              region: null,
              locationCount: command.locationCount,
              extent: command.extent,
              createdAt: at,
            },
          },
        ];
      }
      case 'AddPresetLocations': {
        if (state.status !== 'created' || !state.official) return reject(404, 'not_found', `no preset map ${command.mapId} is being made`);
        const end = command.from + command.locations.length;
        // A retry of locations already in: nothing new.
        if (end <= state.added) return [];
        if (command.from !== state.added) return reject(409, 'conflict', `from: the map holds ${state.added} locations, not ${command.from}`, 'from');
        if (end > state.declared) return reject(409, 'conflict', `locations: the map was declared with ${state.declared} locations`, 'locations');
        return locationChunks(command.mapId, command.locations, command.from);
      }
      case 'DeleteMap': {
        if (state.status === 'none') return reject(404, 'not_found', `no map ${command.mapId}`);
        if (state.status === 'deleted') return [];
        if (state.official) return reject(403, 'forbidden', 'the preset maps cannot be deleted');
        const byAuthor = state.creatorId === command.by;
        if (!byAuthor && !command.isAdmin) return reject(403, 'forbidden', 'only its author (or a map admin) may delete a map');
        return [{ type: 'MapDeleted', version: 1, data: { mapId: command.mapId, deletedBy: command.by, as: byAuthor ? 'author' : 'admin', deletedAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: evolveMap,
};

type SaveMap = Extract<MapCommand, { type: 'SaveMap' }>;

function createByAuthor(command: SaveMap, at: string): Decision<MapEvent> {
  const invalid = checkName(command.name) ?? checkDescription(command.description);
  if (invalid) return invalid;
  if (!command.locations) return reject(400, 'validation_failed', 'locations: a new map needs its locations', 'locations');
  const badLocations = checkPlaces(command.locations);
  if (badLocations) return badLocations;
  const facts = locationFacts(command.locations);
  return [
    {
      type: 'MapCreated',
      version: 2,
      data: {
        mapId: command.mapId,
        name: command.name.trim(),
        description: command.description.trim(),
        creatorId: command.authorId,
        creatorName: command.authorName,
        official: false,
        section: null,
        content: 'places',
        copyright: null,
        categories: command.categories ?? facts.suggested,
        region: null,
        locationCount: command.locations.length,
        extent: facts.extent,
        createdAt: at,
      },
    },
    ...locationChunks(command.mapId, command.locations),
  ];
}

function updateByAuthor(command: SaveMap, state: { status: 'created' | 'deleted' } & MapFacts, at: string): Decision<MapEvent> {
  if (state.status === 'deleted') return reject(409, 'map_deleted', `mapId: map ${command.mapId} was deleted; its id cannot be used again`, 'mapId');
  if (state.official || state.creatorId !== command.authorId) return reject(403, 'forbidden', 'only its author may change a map');
  const invalid = checkName(command.name) ?? checkDescription(command.description);
  if (invalid) return invalid;
  const events: MapEvent[] = [];
  const name = command.name.trim();
  const description = command.description.trim();
  const categories = command.categories ?? state.categories;
  if (name !== state.name || description !== state.description || !sameCategories(categories, state.categories)) {
    events.push({ type: 'MapDetailsChanged', version: 1, data: { mapId: command.mapId, name, description, categories, changedAt: at } });
  }
  if (command.locations) {
    if (state.content !== 'places') {
      return reject(409, 'locations_fixed', `locations: this map's locations are ${state.content === 'image' ? 'uploaded pictures' : 'pictures saved from the generator'} and cannot be replaced`, 'locations');
    }
    const badLocations = checkPlaces(command.locations);
    if (badLocations) return badLocations;
    if (command.locations.length !== state.declared || locationsHash(command.locations) !== state.hash) {
      events.push(
        { type: 'MapLocationsReplaced', version: 1, data: { mapId: command.mapId, locationCount: command.locations.length, extent: locationFacts(command.locations).extent, replacedAt: at } },
        ...locationChunks(command.mapId, command.locations),
      );
    }
  }
  return events;
}

function checkName(name: string): Rejection | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return reject(400, 'validation_failed', 'name: a map needs a name', 'name');
  if (trimmed.length > MAP_LIMITS.nameMax) return reject(400, 'validation_failed', `name: at most ${MAP_LIMITS.nameMax} characters`, 'name');
  return null;
}

function checkDescription(description: string): Rejection | null {
  return description.trim().length > MAP_LIMITS.descriptionMax ? reject(400, 'validation_failed', `description: at most ${MAP_LIMITS.descriptionMax} characters`, 'description') : null;
}

function checkPlaces(locations: readonly MapLocation[]): Rejection | null {
  const count = locations.length;
  if (count < MAP_LIMITS.minLocations) return reject(400, 'validation_failed', `locations: a map needs at least ${MAP_LIMITS.minLocations} locations, this one has ${count}`, 'locations');
  if (count > MAP_LIMITS.maxLocations) return reject(400, 'validation_failed', `locations: a map holds at most ${MAP_LIMITS.maxLocations} locations, this one has ${count}`, 'locations');
  const repeated = firstRepeatedPlace(locations);
  if (repeated) return reject(400, 'validation_failed', `locations.${repeated[0]}: the same place as locations.${repeated[1]}`, `locations.${repeated[0]}`);
  return null;
}

/** Two providers may use the same id for different pictures; within one provider an id is one picture. */
const pictureKey = (picture: MapPicture) => `${picture.provider}\u0000${picture.imageId}`;

function checkPictures(pictures: readonly MapPicture[]): Rejection | null {
  const count = pictures.length;
  if (count < MAP_LIMITS.minLocations) return reject(400, 'validation_failed', `pictures: a map needs at least ${MAP_LIMITS.minLocations} locations, this one has ${count}`, 'pictures');
  if (count > MAP_LIMITS.maxPictures) return reject(400, 'validation_failed', `pictures: a map holds at most ${MAP_LIMITS.maxPictures} pictures, this one has ${count}`, 'pictures');
  const seen = new Set<string>();
  for (const picture of pictures) {
    const key = pictureKey(picture);
    if (seen.has(key)) return reject(400, 'validation_failed', `pictures: ${picture.provider} picture ${picture.imageId} appears twice`, 'pictures');
    seen.add(key);
  }
  return null;
}

const sameCategories = (a: MapCategories, b: MapCategories) =>
  a.coverage === b.coverage &&
  a.urbanRural === b.urbanRural &&
  a.coastalInland === b.coastalInland &&
  a.regionalFocusByCountry === b.regionalFocusByCountry &&
  a.countryStreakEligible === b.countryStreakEligible;
