import { useEffect, useRef } from 'react';

const INTERACTIVE = 'button, a[href], input, select, textarea, summary, [contenteditable="true"], [role="button"], [role="tab"], [role="menuitem"]';

/**
 * Space or Enter runs the screen's main action (guess, next round) unless focus is on a control that
 * has its own meaning for those keys, or a window is open over the game.
 */
export function useActionKeys(enabled: boolean, action: () => void): void {
  const actionRef = useRef(action);
  actionRef.current = action;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      // A key held down from the previous screen repeats; only a fresh press counts.
      if (event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (document.querySelector('dialog[open]')) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(INTERACTIVE)) return;
      event.preventDefault();
      actionRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
