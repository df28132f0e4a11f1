import { type MapDoc, type MapEntry, type MapPage, type MapSearchTermDoc, type MapSort, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { countLikesOf, likedAmong, likesOf } from '../map-likes/map-likes.queries.js';
import { MAP_SORT_FIELDS } from './map-sorts.js';
import { searchTermOf } from './search-terms.js';

const maps = readModelCollections.maps;
const terms = readModelCollections.mapSearchTerms;

export type Viewer = string | null;

/** What a client may see of a map; `liked` only for a signed-in viewer. */
export function entryOf(doc: MapDoc, liked?: boolean): MapEntry {
  const { id: _id, region: _region, listIn: _listIn, section: _section, sortName: _sortName, declared: _declared, deleted: _deleted, terms: _terms, ...entry } = doc;
  return liked === undefined ? entry : { ...entry, liked };
}

/** Server-only: a map's document, listed or not. */
export const mapDoc = (reads: ReadStore, mapId: string) => reads.get<MapDoc>(maps, mapId);

async function entries(reads: ReadStore, docs: MapDoc[], viewer: Viewer): Promise<MapEntry[]> {
  if (viewer === null) return docs.map((doc) => entryOf(doc));
  const liked = await likedAmong(reads, viewer, docs.map((doc) => doc.id));
  return docs.map((doc) => entryOf(doc, liked.has(doc.id)));
}

/** One map's entry; null for an unknown map (and for a deleted one: see mapDoc). */
export async function mapEntry(reads: ReadStore, mapId: string, viewer: Viewer): Promise<MapEntry | null> {
  const doc = await mapDoc(reads, mapId);
  if (!doc || doc.deleted) return null;
  return (await entries(reads, [doc], viewer))[0]!;
}

/** `/maps/world`: the world-wide preset maps, most played first. */
export async function worldMaps(reads: ReadStore, viewer: Viewer): Promise<MapEntry[]> {
  return entries(reads, await reads.list<MapDoc>(maps, { filter: { section: 'world' }, sort: MAP_SORT_FIELDS.plays }), viewer);
}

/** A page of one section: 'featured' (the country maps) or 'community' (players' maps). */
export async function sectionPage(reads: ReadStore, section: 'featured' | 'community', page: number, pageSize: number, sort: MapSort, viewer: Viewer): Promise<MapPage> {
  const filter = { section };
  const [total, docs] = await Promise.all([reads.count(maps, filter), reads.list<MapDoc>(maps, { filter, sort: MAP_SORT_FIELDS[sort], skip: page * pageSize, limit: pageSize })]);
  return { maps: await entries(reads, docs, viewer), page, pageSize, total };
}

/**
 * Listed maps whose name has a word starting with the query (docs/maps.md): one indexed range of the
 * search terms, then the page's maps by id.
 */
export async function searchPage(reads: ReadStore, query: string, page: number, pageSize: number, sort: MapSort, viewer: Viewer): Promise<MapPage> {
  const filter = { term: searchTermOf(query) };
  const [total, hits] = await Promise.all([reads.count(terms, filter), reads.list<MapSearchTermDoc>(terms, { filter, sort: MAP_SORT_FIELDS[sort], skip: page * pageSize, limit: pageSize })]);
  return { maps: await entries(reads, await docsByIds(reads, hits.map((hit) => hit.mapId)), viewer), page, pageSize, total };
}

/** The viewer's own maps, most recently changed first (deleted ones are gone). */
export async function myMapsPage(reads: ReadStore, userId: string, page: number, pageSize: number): Promise<MapPage> {
  const filter = { creatorId: userId, deleted: false };
  const [total, docs] = await Promise.all([
    reads.count(maps, filter),
    reads.list<MapDoc>(maps, { filter, sort: [['updatedAt', 'desc']], skip: page * pageSize, limit: pageSize }),
  ]);
  return { maps: await entries(reads, docs, userId), page, pageSize, total };
}

/** The maps the viewer likes, most recently liked first; a map deleted since is left out. */
export async function likedMapsPage(reads: ReadStore, userId: string, page: number, pageSize: number): Promise<MapPage> {
  const [total, likes] = await Promise.all([countLikesOf(reads, userId), likesOf(reads, userId, page, pageSize)]);
  const docs = (await docsByIds(reads, likes.map((like) => like.mapId))).filter((doc) => !doc.deleted);
  return { maps: docs.map((doc) => entryOf(doc, true)), page, pageSize, total };
}

async function docsByIds(reads: ReadStore, ids: readonly string[]): Promise<MapDoc[]> {
  if (ids.length === 0) return [];
  const found = await reads.list<MapDoc>(maps, { filter: { id: { $in: [...ids] } } });
  const byId = new Map(found.map((doc) => [doc.id, doc]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
