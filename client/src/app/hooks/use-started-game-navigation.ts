import type { StartSoloGameResponse } from '@globetrail/contracts';
import { useMutationState } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { START_SOLO_MUTATION_KEY } from '../../features/solo/hooks/use-start-solo-game';
import { useNavigate } from '../../lib/routing/navigation';

/** Where a solo game is asked for: home, and a shared location (which returns to "/" after 5 s, SPEC §2). */
const ASKING_ROUTES = /^\/(loc\/.*)?$/;

/**
 * Opens a game that finishes starting while the player is still where it was asked for. A shared location
 * keeps loading after its route has returned to "/", so the screen that asked may be gone by then; but a
 * player who has meanwhile gone elsewhere (the duels lobby, say) chose to, and stays there.
 */
export function useStartedGameNavigation(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const started = useMutationState({
    filters: { mutationKey: [...START_SOLO_MUTATION_KEY], status: 'success' },
    select: (mutation) => ({ gameId: (mutation.state.data as StartSoloGameResponse | undefined)?.gameId, at: mutation.state.submittedAt }),
  });
  const latest = started.at(-1);
  const handledAt = useRef(latest?.at ?? 0);

  useEffect(() => {
    if (!latest?.gameId || latest.at <= handledAt.current) return;
    handledAt.current = latest.at;
    if (ASKING_ROUTES.test(pathname)) navigate(`/game/${encodeURIComponent(latest.gameId)}`);
  }, [latest?.gameId, latest?.at, navigate, pathname]);
}
