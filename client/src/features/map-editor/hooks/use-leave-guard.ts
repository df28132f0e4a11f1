import { useEffect, useRef } from 'react';
import type { Location } from 'react-router-dom';
import { useNavigationBlocker } from '../../../lib/routing/navigation';

/**
 * While `unsaved`, the browser asks before the page goes (reload, closing the tab, another site) and the
 * app before any route opens, unless `allowed` lets that one through (the address of a map just created).
 * The returned `blocked` navigation is there while the player decides; `release()` lets a deliberate exit pass.
 */
export function useLeaveGuard(unsaved: boolean, allowed: (next: Location) => boolean) {
  const released = useRef(false);
  const allowedRef = useRef(allowed);
  allowedRef.current = allowed;

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  const blocked = useNavigationBlocker(({ nextLocation }) => unsaved && !released.current && !allowedRef.current(nextLocation));
  return { blocked, release: () => (released.current = true) };
}
