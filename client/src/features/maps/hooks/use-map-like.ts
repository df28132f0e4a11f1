import type { MapEntry } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setMapLike } from '../api/maps-api';
import { invalidateMaps, patchCachedMap } from './map-queries';

/** Likes or unlikes at once on screen, and puts it back if the server refuses. */
export function useMapLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ map, liked }: { map: MapEntry; liked: boolean }) => setMapLike(map.mapId, liked),
    onMutate: ({ map, liked }) => ({
      undo: patchCachedMap(client, map.mapId, (shown) => ({ ...shown, liked, likes: Math.max(0, shown.likes + (liked === (shown.liked ?? false) ? 0 : liked ? 1 : -1)) })),
    }),
    onError: (_error, _variables, context) => context?.undo(),
    onSuccess: (answer) => {
      patchCachedMap(client, answer.mapId, (shown) => ({ ...shown, liked: answer.liked, likes: answer.likes }));
      // The liked list changes with it.
      void invalidateMaps(client);
    },
  });
}
