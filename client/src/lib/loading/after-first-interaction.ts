const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** Safari has no requestIdleCallback: a short timer stands in. */
const hasIdleCallback = () => typeof window.requestIdleCallback === 'function';

/**
 * Runs `load` when the browser is idle after the player's first interaction with the page, so code the
 * first screen does not show (the game screen's map and panorama) never competes with the first load.
 * Returns a function that cancels it.
 */
export function afterFirstInteraction(load: () => unknown): () => void {
  let idleHandle: number | undefined;
  const stopListening = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, start, { capture: true });
  };
  function start() {
    stopListening();
    idleHandle = hasIdleCallback() ? window.requestIdleCallback(() => load(), { timeout: 2_000 }) : window.setTimeout(() => load(), 200);
  }
  for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
  return () => {
    stopListening();
    if (idleHandle === undefined) return;
    if (hasIdleCallback()) window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
