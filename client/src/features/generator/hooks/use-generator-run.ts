import type { GeneratorRunView, StartGeneratorRunRequest } from '@globetrail/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generatorRunQueryKey, getGeneratorRun, startGeneratorRun, stopGeneratorRun } from '../api/generator-api';

/** How often a running run's progress is read. */
export const GENERATOR_POLL_MS = 500;

/**
 * One generator run at a time: start it, follow its progress while it runs, stop it. The run lives on the
 * server; this page only knows the id of the run it started.
 */
export function useGeneratorRun() {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);

  const stop = useMutation({
    mutationFn: (id: string) => stopGeneratorRun(id),
    // A progress read already on its way could land after the stop and show the run running again.
    onMutate: (id) => queryClient.cancelQueries({ queryKey: generatorRunQueryKey(id) }),
    onSuccess: (view) => {
      queryClient.setQueryData<GeneratorRunView>(generatorRunQueryKey(view.runId), view);
    },
  });

  const start = useMutation({
    mutationFn: (request: StartGeneratorRunRequest) => startGeneratorRun(request),
    onSuccess: (view) => {
      queryClient.setQueryData(generatorRunQueryKey(view.runId), view);
      setRunId(view.runId);
      stop.reset();
    },
  });

  const run = useQuery({
    queryKey: generatorRunQueryKey(runId ?? ''),
    queryFn: ({ signal }) => getGeneratorRun(runId ?? '', signal),
    enabled: runId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    // Keeps polling through a failed read (it may heal); stops once the run has ended.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? GENERATOR_POLL_MS : false),
  });

  return {
    start,
    stop,
    /** The run as last read; null before the first start. */
    view: runId === null ? null : (run.data ?? null),
    /** A failed progress read (the last known view stays shown). */
    pollError: run.isError ? run.error : null,
    retryPoll: () => void run.refetch(),
  };
}
