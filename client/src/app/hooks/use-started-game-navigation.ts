import type { StartSoloGameResponse } from '@globetrail/contracts';
import { useMutationState } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { START_SOLO_MUTATION_KEY } from '../../features/solo/hooks/use-start-solo-game';

/**
 * Opens every game that finishes starting, wherever it was asked for. A shared location keeps loading
 * after its route has returned to "/" (SPEC §2), so the screen that asked may be gone by then.
 */
export function useStartedGameNavigation(): void {
  const navigate = useNavigate();
  const started = useMutationState({
    filters: { mutationKey: [...START_SOLO_MUTATION_KEY], status: 'success' },
    select: (mutation) => ({ gameId: (mutation.state.data as StartSoloGameResponse | undefined)?.gameId, at: mutation.state.submittedAt }),
  });
  const latest = started.at(-1);
  const handledAt = useRef(latest?.at ?? 0);

  useEffect(() => {
    if (!latest?.gameId || latest.at <= handledAt.current) return;
    handledAt.current = latest.at;
    navigate(`/game/${encodeURIComponent(latest.gameId)}`);
  }, [latest?.gameId, latest?.at, navigate]);
}
