import {
  type MapBounds,
  type MapCreatedV1,
  type MapCreatedV2,
  type MapDoc,
  type MapSearchTermDoc,
  normaliseSearchText,
  readModelCollections,
  SYSTEM_CREATOR,
} from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { locationFacts, pictureLocation } from '../../domain/map/map-locations.js';
import type { WriteOperation } from '../../platform/read-store/read-store.port.js';
import { defineProjection, type DocumentReader, remove, upsert } from '../projection.js';
import { searchTermsOf } from './search-terms.js';
import { MAP_SORT_FIELDS } from './map-sorts.js';

const maps = readModelCollections.maps;
const terms = readModelCollections.mapSearchTerms;

/**
 * The maps catalogue: one document per map (what its entry shows, likes and plays counted from events),
 * listed once all its locations are in, and a search index of the prefixes of its name's words. A map's
 * locations live in the map-locations read model; nothing here says where they are.
 */
export const mapsProjection = defineProjection({
  name: 'maps',
  collections: [maps, terms],
  indexes: [
    ...Object.values(MAP_SORT_FIELDS).map((sort) => ({ collection: maps, fields: ['section', ...sort] })),
    ...Object.values(MAP_SORT_FIELDS).map((sort) => ({ collection: terms, fields: ['term', ...sort] })),
    { collection: maps, fields: ['creatorId', ['updatedAt', 'desc']] },
  ],
  handles: ['MapCreated', 'MapLocationsAdded', 'MapLocationsReplaced', 'MapDetailsChanged', 'MapDeleted', 'MapLiked', 'MapUnliked', 'SoloGameStarted', 'GameCreated'],
  async apply({ event, position }, documents) {
    switch (event.type) {
      case 'MapCreated':
        return event.version === 1 ? firstVersionMap(event.data, position) : [upsert(maps, newMap(event.data), position)];
      case 'MapLocationsAdded':
        return change(documents, event.data.mapId, position, (map) => {
          const loc = map.loc + event.data.locations.length;
          return { ...map, loc, section: loc >= map.declared ? map.listIn : null };
        });
      case 'MapLocationsReplaced':
        return change(documents, event.data.mapId, position, (map) => ({
          ...map,
          loc: 0,
          declared: event.data.locationCount,
          mmd: event.data.extent.mmd,
          bounds: coarse(event.data.extent.bounds),
          section: null,
          updatedAt: event.data.replacedAt,
        }));
      case 'MapDetailsChanged': {
        const { name, description, categories, changedAt } = event.data;
        return change(documents, event.data.mapId, position, (map) => ({ ...map, mapName: name, sortName: normaliseSearchText(name), description, ...categories, updatedAt: changedAt }));
      }
      case 'MapDeleted':
        return change(documents, event.data.mapId, position, (map) => ({ ...map, deleted: true, section: null, updatedAt: event.data.deletedAt }));
      case 'MapLiked':
        return change(documents, event.data.mapId, position, (map) => ({ ...map, likes: map.likes + 1 }));
      case 'MapUnliked':
        return change(documents, event.data.mapId, position, (map) => ({ ...map, likes: Math.max(0, map.likes - 1) }));
      case 'SoloGameStarted':
        return change(documents, event.data.mapId, position, (map) => ({ ...map, plays: map.plays + 1 }));
      case 'GameCreated':
        return change(documents, event.data.map.id, position, (map) => ({ ...map, plays: map.plays + 1 }));
      default:
        return assertNever(event);
    }
  },
});

function newMap(data: MapCreatedV2['data']): MapDoc {
  return {
    id: data.mapId,
    mapId: data.mapId,
    mapName: data.name,
    sortName: normaliseSearchText(data.name),
    loc: 0,
    declared: data.locationCount,
    copyright: data.copyright,
    description: data.description,
    creatorId: data.official ? null : data.creatorId,
    creatorName: data.official ? null : data.creatorName,
    official: data.official,
    mc: data.content,
    ...data.categories,
    likes: 0,
    plays: 0,
    mmd: data.extent.mmd,
    bounds: coarse(data.extent.bounds),
    region: data.region,
    listIn: data.official ? (data.section ?? 'featured') : 'community',
    section: null,
    deleted: false,
    terms: [],
    createdAt: data.createdAt,
    updatedAt: data.createdAt,
  };
}

/** A map saved before MapCreated v2: its pictures were inline, so it is complete at once. */
function firstVersionMap(data: MapCreatedV1['data'], position: bigint): WriteOperation[] {
  const locations = data.pictures.map(pictureLocation);
  const facts = locationFacts(locations);
  const map: MapDoc = {
    ...newMap({
      mapId: data.mapId,
      name: data.name,
      description: '',
      creatorId: data.creatorId,
      creatorName: null,
      official: data.creatorId === SYSTEM_CREATOR,
      section: null,
      content: data.region === 'image' ? 'image' : 'pictures',
      copyright: null,
      categories: facts.suggested,
      region: data.region,
      locationCount: locations.length,
      extent: facts.extent,
      createdAt: data.createdAt,
    }),
    loc: locations.length,
    section: 'community',
  };
  return withTerms(map, null, position);
}

/** Applies `update` to a map's document; a deleted map no longer changes (a late like, a game started before). */
async function change(documents: DocumentReader, mapId: string, position: bigint, update: (map: MapDoc) => MapDoc): Promise<WriteOperation[]> {
  const map = await documents.get<MapDoc>(maps, mapId);
  if (!map || map.deleted) return [];
  return withTerms(update(map), map, position);
}

/**
 * The map's document and its search terms: a listed map has one term document per prefix, carrying the
 * fields the lists sort by; a map that is not listed (being seeded, or deleted) has none.
 */
function withTerms(map: MapDoc, before: MapDoc | null, position: bigint): WriteOperation[] {
  const wanted = map.section === null ? [] : searchTermsOf(map.mapName);
  const writes: WriteOperation[] = [upsert(maps, { ...map, terms: wanted }, position)];
  const sortFieldsChanged =
    !before || before.likes !== map.likes || before.plays !== map.plays || before.loc !== map.loc || before.updatedAt !== map.updatedAt || before.sortName !== map.sortName;
  const keep = new Set(wanted);
  for (const term of before?.terms ?? []) if (!keep.has(term)) writes.push(remove(terms, termId(map.mapId, term)));
  const had = new Set(before?.terms ?? []);
  for (const term of wanted) {
    if (had.has(term) && !sortFieldsChanged) continue;
    const { mapId, likes, plays, createdAt, updatedAt, sortName, loc } = map;
    writes.push(upsert(terms, { id: termId(mapId, term), term, mapId, likes, plays, createdAt, updatedAt, sortName, loc } satisfies MapSearchTermDoc, position));
  }
  return writes;
}

const termId = (mapId: string, term: string) => `${mapId}:${term}`;

/** The box a map shows: its extent widened to whole half degrees, so its edges are not its outermost locations. */
const BOX_STEP = 0.5;
function coarse(bounds: MapBounds | null): MapBounds | null {
  if (!bounds) return null;
  const down = (value: number, limit: number) => Math.max(-limit, Math.floor(value / BOX_STEP) * BOX_STEP);
  const up = (value: number, limit: number) => Math.min(limit, Math.ceil(value / BOX_STEP) * BOX_STEP);
  return { south: down(bounds.south, 90), west: down(bounds.west, 180), north: up(bounds.north, 90), east: up(bounds.east, 180) };
}
