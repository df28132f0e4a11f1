import type { GeneratorRunView } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatorRunQueryKey, saveGeneratedMap } from '../api/generator-api';

export function useSaveGeneratedMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, name }: { runId: string; name: string }) => saveGeneratedMap(runId, { name }),
    onSuccess: (map, { runId }) => {
      queryClient.setQueryData<GeneratorRunView>(generatorRunQueryKey(runId), (run) => (run ? { ...run, mapId: map.mapId } : run));
    },
  });
}
