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

export function fetchEditedMap(mapId: string, signal?: AbortSignal): Promise<[MapEntry, EditorLocations]> {
  const options = { auth: true, ...(signal ? { signal } : {}) };
  return Promise.all([apiGet(`/maps/get/${path(mapId)}`, mapEntrySchema, options), apiGet(`/maps/locations/${path(mapId)}`, editorLocationsSchema, options)]);
}

/** Creates the map under this id, or saves its author's changes: a retry of the same save changes nothing. */
export function saveMap(mapId: string, request: PostMapUpdateRequest): Promise<MapEntry> {
  return apiPost(`/maps/postUpdate/${path(mapId)}`, { ...request, mapId }, mapEntrySchema, { auth: true });
}

export function previewLocation(at: LatLng): Promise<MapPreview> {
  return apiPost('/maps/preview', at, mapPreviewSchema, { auth: true });
}

export function deleteMap(mapId: string): Promise<DeleteMapResponse> {
  return apiPost(`/maps/delete/${path(mapId)}`, { mapId }, deleteMapResponseSchema, { auth: true });
}
