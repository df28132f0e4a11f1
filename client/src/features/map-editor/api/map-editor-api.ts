import {
  type DeleteMapResponse,
  deleteMapResponseSchema,
  type EditorLocations,
  editorLocationsSchema,
  type LatLng,
  type MapCoverage,
  mapCoverageSchema,
  type MapEntry,
  mapEntrySchema,
  type MapPreview,
  mapPreviewSchema,
  type PostMapUpdateRequest,
} from '@globetrail/contracts';
import { apiGet, apiPost } from '../../../lib/api/api-client';

const path = (mapId: string) => encodeURIComponent(mapId);

export function fetchMapEntry(mapId: string, signal?: AbortSignal): Promise<MapEntry> {
  return apiGet(`/maps/get/${path(mapId)}`, mapEntrySchema, { auth: true, ...(signal ? { signal } : {}) });
}

/** Every location of the caller's own map (403 locations_private for anyone else's). */
export function fetchMapLocations(mapId: string, signal?: AbortSignal): Promise<EditorLocations> {
  return apiGet(`/maps/locations/${path(mapId)}`, editorLocationsSchema, { auth: true, ...(signal ? { signal } : {}) });
}

/** Creates the map under this id, or saves its author's changes: a retry of the same save changes nothing. */
export function saveMap(mapId: string, request: PostMapUpdateRequest): Promise<MapEntry> {
  return apiPost(`/maps/postUpdate/${path(mapId)}`, { ...request, mapId }, mapEntrySchema, { auth: true });
}

export function previewLocation(mapId: string, at: LatLng): Promise<MapPreview> {
  return apiPost('/maps/preview', { mapId, lat: at.lat, lng: at.lng }, mapPreviewSchema, { auth: true });
}

/** How many of these locations have an offline picture near them (the editor's count). */
export function fetchCoverage(locations: readonly LatLng[], signal?: AbortSignal): Promise<MapCoverage> {
  return apiPost('/maps/coverage', { locations: locations.map(({ lat, lng }) => ({ lat, lng })) }, mapCoverageSchema, { auth: true, ...(signal ? { signal } : {}) });
}

export function deleteMap(mapId: string): Promise<DeleteMapResponse> {
  return apiPost(`/maps/delete/${path(mapId)}`, { mapId }, deleteMapResponseSchema, { auth: true });
}
