import type { LatLng } from '@globetrail/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendCommand } from '../../../lib/live/live-socket';

/** Marker moves reach the server at most twice a second; the last position always gets there. */
export const MARKER_MOVE_INTERVAL_MS = 500;

export interface MarkerMove {
  roundIndex: number;
  loc: LatLng;
  r?: number;
}

/**
 * Sends non-final guesses (the marker as it moves) throttled, so the server can confirm the last
 * marker when the timer runs out. `flush` drops a pending move before the final guess goes out.
 */
export function useMarkerMoves(gameId: string) {
  const lastSentAt = useRef(0);
  const pending = useRef<MarkerMove | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);

  const send = useCallback(
    (move: MarkerMove) => {
      lastSentAt.current = Date.now();
      sendCommand('PlaceGuess', { gameId, ...move, final: false }).then(
        () => setError(null),
        (refusal: unknown) => setError(refusal),
      );
    },
    [gameId],
  );

  const move = useCallback(
    (next: MarkerMove) => {
      pending.current = next;
      if (timer.current !== undefined) return;
      const wait = Math.max(0, lastSentAt.current + MARKER_MOVE_INTERVAL_MS - Date.now());
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const latest = pending.current;
        pending.current = null;
        if (latest) send(latest);
      }, wait);
    },
    [send],
  );

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = null;
  }, []);

  useEffect(() => flush, [flush]);

  return { move, flush, error, clearError: () => setError(null) };
}
