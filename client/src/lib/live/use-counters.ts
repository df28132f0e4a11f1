import { countersSchema, type Counters } from '@globetrail/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '../api/api-client';
import { useOnLiveConnect } from './use-live-connection';
import { useLiveSocket } from './use-live-socket';

export interface HeldCounters extends Counters {
  /** Version of the last push applied; -1 while only the GET answer is known. */
  version: number;
}

export const countersQueryKey = ['arena', 'nplayers'] as const;

/**
 * Players in the duels lobby and in the arena (toolbar badges): GET /arena/nplayers for the first paint
 * and after every (re)connection, then CountersChanged pushes newer than the one held once the live
 * connection is open (after the player's first interaction).
 */
export function useCounters() {
  const queryClient = useQueryClient();
  const socket = useLiveSocket();
  const query = useQuery({
    queryKey: countersQueryKey,
    queryFn: async ({ signal }): Promise<HeldCounters> => {
      const counters = await apiGet('/arena/nplayers', countersSchema, { signal });
      const held = queryClient.getQueryData<HeldCounters>(countersQueryKey);
      return { ...counters, version: held?.version ?? -1 };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (!socket) return;
    const onPush = (push: Counters & { version: number }) => {
      const parsed = countersSchema.safeParse(push);
      if (!parsed.success || typeof push.version !== 'number') return;
      queryClient.setQueryData<HeldCounters>(countersQueryKey, (held) =>
        held && held.version >= push.version ? held : { ...parsed.data, version: push.version },
      );
    };
    socket.on('CountersChanged', onPush);
    return () => {
      socket.off('CountersChanged', onPush);
    };
  }, [queryClient, socket]);

  useOnLiveConnect('counters', () => {
    // A first fetch still under way already reads the numbers after this connection.
    void queryClient.invalidateQueries({ queryKey: countersQueryKey }, { cancelRefetch: false });
  });

  return query;
}
