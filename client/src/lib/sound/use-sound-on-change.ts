import { useEffect } from 'react';
import { type Effect, playEffect } from './sound-player';

/** Plays `effect` each time `key` takes a new value (a round's result, a countdown's second); null is silent. */
export function useSoundOnChange(effect: Effect, key: string | number | null | undefined): void {
  useEffect(() => {
    if (key !== null && key !== undefined) playEffect(effect);
  }, [effect, key]);
}
