import { useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { type To, UNSAFE_NavigationContext } from 'react-router-dom';
import { type BlockedNavigation, type BlockerFunction, getBlockedNavigation, setNavigationBlocker, subscribeBlockedNavigation } from './app-history';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * Navigates to an absolute address. The function is the same for the life of the page (React Router's own
 * changes with every address outside a data router), so effects may depend on it without re-running.
 */
export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(
    (to: To, options: NavigateOptions = {}) => {
      if (options.replace) navigator.replace(to, options.state);
      else navigator.push(to, options.state);
    },
    [navigator],
  );
}

/** Holds navigations while `shouldBlock` says so; the held one is returned until it proceeds or is reset. */
export function useNavigationBlocker(shouldBlock: BlockerFunction): BlockedNavigation | null {
  const shouldBlockRef = useRef(shouldBlock);
  shouldBlockRef.current = shouldBlock;
  useEffect(() => setNavigationBlocker((args) => shouldBlockRef.current(args)), []);
  return useSyncExternalStore(subscribeBlockedNavigation, getBlockedNavigation, () => null);
}
