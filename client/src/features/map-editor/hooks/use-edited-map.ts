import type { EditorLocations, MapEntry } from '@globetrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api/api-error';
import { fetchMapEntry, fetchMapLocations } from '../api/map-editor-api';

export type EditedMap = { mine: true; entry: MapEntry; locations: EditorLocations } | { mine: false; entry: MapEntry };

/**
 * The map to edit: its entry, then (its author only, so nobody else's browser asks for its answers) its
 * locations. Never kept after the editor closes: reopening shows what was saved since.
 */
export function useEditedMap(mapId: string, uid: string) {
  return useQuery({
    queryKey: ['map-editor', mapId, uid],
    queryFn: async ({ signal }): Promise<EditedMap> => {
      const entry = await fetchMapEntry(mapId, signal);
      if (entry.official || entry.creatorId !== uid) return { mine: false, entry };
      return { mine: true, entry, locations: await fetchMapLocations(mapId, signal) };
    },
    // 4xx answers (not found, deleted, not yours) are final; the api client already retried the rest.
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const isFinalAnswer = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
