import {
  type MapEntry,
  mapEntrySchema,
  type MapPage,
  mapPageSchema,
  type MapSort,
  type ToggleLikeResponse,
  toggleLikeResponseSchema,
  type WorldMaps,
  worldMapsSchema,
} from '@globetrail/contracts';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export const MAPS_PAGE_SIZE = 12;

/** Lists as SPEC §7 names them; `signedIn` takes the variant that says which maps the player likes. */
export type MapList = { tab: 'world' } | { tab: 'featured' | 'community'; page: number; sort: MapSort } | { tab: 'search'; query: string; page: number; sort: MapSort } | { tab: 'liked' | 'mine'; page: number };

export function fetchWorldMaps(signedIn: boolean, signal?: AbortSignal): Promise<WorldMaps> {
  return apiGet(signedIn ? '/maps/world' : '/maps/world/anon', worldMapsSchema, { auth: signedIn, ...(signal ? { signal } : {}) });
}

export function fetchMapPage(list: Exclude<MapList, { tab: 'world' }>, signedIn: boolean, signal?: AbortSignal): Promise<MapPage> {
  const options = { auth: signedIn, ...(signal ? { signal } : {}) };
  const anon = signedIn ? '' : '/anon';
  switch (list.tab) {
    case 'featured':
    case 'community':
      return apiGet(`/maps/${list.tab}${anon}/${list.page}/${MAPS_PAGE_SIZE}/${list.sort}`, mapPageSchema, options);
    case 'search':
      return apiGet(`/maps/search${anon}/${encodeURIComponent(list.query)}/${list.page}/${MAPS_PAGE_SIZE}/${list.sort}`, mapPageSchema, options);
    case 'liked':
      return apiGet(`/maps/liked?page=${list.page}&pageSize=${MAPS_PAGE_SIZE}`, mapPageSchema, { ...options, auth: true });
    case 'mine':
      return apiGet(`/maps/mymaps?page=${list.page}&pageSize=${MAPS_PAGE_SIZE}`, mapPageSchema, { ...options, auth: true });
  }
}

export function fetchMapEntry(mapId: string, signedIn: boolean, signal?: AbortSignal): Promise<MapEntry> {
  const path = signedIn ? `/maps/get/${encodeURIComponent(mapId)}` : `/maps/get/anon/${encodeURIComponent(mapId)}`;
  return apiGet(path, mapEntrySchema, { auth: signedIn, ...(signal ? { signal } : {}) });
}

/** Sends the outcome, not a flip: a retried request cannot undo itself. */
export function setMapLike(mapId: string, liked: boolean): Promise<ToggleLikeResponse> {
  return apiPost('/maps/togglelike', { mapId, liked }, toggleLikeResponseSchema, { auth: true });
}
