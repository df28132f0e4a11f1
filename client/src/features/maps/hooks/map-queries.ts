import type { MapEntry, MapPage, WorldMaps } from '@globetrail/contracts';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { fetchMapEntry, fetchMapPage, fetchWorldMaps, type MapList } from '../api/maps-api';

const MAPS_KEY = 'maps';

export function useWorldMaps(enabled = true) {
  const signedIn = isSignedIn(useSession());
  return useQuery({ queryKey: [MAPS_KEY, 'world', signedIn], queryFn: ({ signal }) => fetchWorldMaps(signedIn, signal), enabled });
}

export function useMapPage(list: Exclude<MapList, { tab: 'world' }> | null) {
  const signedIn = isSignedIn(useSession());
  return useQuery({
    queryKey: [MAPS_KEY, 'page', signedIn, list],
    queryFn: ({ signal }) => fetchMapPage(list!, signedIn, signal),
    enabled: list !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMapEntry(mapId: string) {
  const signedIn = isSignedIn(useSession());
  return useQuery({ queryKey: [MAPS_KEY, 'entry', signedIn, mapId], queryFn: ({ signal }) => fetchMapEntry(mapId, signedIn, signal), retry: false });
}

/** Applies `change` to the map wherever a cached list or entry shows it; returns how to undo that. */
export function patchCachedMap(client: QueryClient, mapId: string, change: (map: MapEntry) => MapEntry): () => void {
  const snapshot = client.getQueriesData({ queryKey: [MAPS_KEY] });
  client.setQueriesData({ queryKey: [MAPS_KEY] }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    if ('mapId' in data) return (data as MapEntry).mapId === mapId ? change(data as MapEntry) : data;
    if ('maps' in data) {
      const list = data as MapPage | WorldMaps;
      return { ...list, maps: list.maps.map((map) => (map.mapId === mapId ? change(map) : map)) };
    }
    return data;
  });
  return () => {
    for (const [key, value] of snapshot) client.setQueryData(key, value);
  };
}

export const invalidateMaps = (client: QueryClient) => client.invalidateQueries({ queryKey: [MAPS_KEY] });
