import {
  type DeleteMapResponse,
  deleteMapResponseSchema,
  type EditorLocations,
  editorLocationsSchema,
  type LatLng,
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

export function deleteMap(mapId: string): Promise<DeleteMapResponse> {
  return apiPost(`/maps/delete/${path(mapId)}`, { mapId }, deleteMapResponseSchema, { auth: true });
}
