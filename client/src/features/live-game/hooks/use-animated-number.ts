import { useEffect, useRef, useState } from 'react';

/**
 * Follows `target` over `durationMs` (ease-out) instead of jumping, so a hit-point loss reads as a
 * loss. A new non-null `resetKey` jumps straight to the target without animating.
 */
export function useAnimatedNumber(target: number, durationMs: number, resetKey: string | null): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  const lastReset = useRef(resetKey);

  useEffect(() => {
    const jump = resetKey !== null && resetKey !== lastReset.current;
    lastReset.current = resetKey;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (jump || reduced || shownRef.current === target) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    const from = shownRef.current;
    const start = performance.now();
    let frame = 0;
    const step = (time: number) => {
      const progress = Math.min(1, (time - start) / durationMs);
      const eased = 1 - (1 - progress) ** 3;
      const value = from + (target - from) * eased;
      shownRef.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, resetKey]);

  return shown;
}
