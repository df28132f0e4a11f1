import type { MapBounds, MapEntry, MapPage, WorldMaps } from '@globetrail/contracts';
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

/** Wider than this, a map's box is as good as the world's: the guess map then opens on the world. */
const WORLDWIDE_DEGREES = { lng: 200, lat: 110 };

/**
 * The box a map's locations lie in, to open a guess map on (null for a worldwide map, one that crosses the
 * antimeridian, or until it is known): a country's or a player's map is framed, not a speck on the world.
 */
export function useMapFrame(mapId: string | null): MapBounds | null {
  const signedIn = isSignedIn(useSession());
  const entry = useQuery({
    queryKey: [MAPS_KEY, 'entry', signedIn, mapId ?? ''],
    queryFn: ({ signal }) => fetchMapEntry(mapId!, signedIn, signal),
    enabled: mapId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const bounds = entry.data?.bounds ?? null;
  if (!bounds || bounds.west > bounds.east) return null;
  if (bounds.east - bounds.west > WORLDWIDE_DEGREES.lng || bounds.north - bounds.south > WORLDWIDE_DEGREES.lat) return null;
  return bounds;
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
