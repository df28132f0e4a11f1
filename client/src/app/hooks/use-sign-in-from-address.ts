import { useEffect } from 'react';
import { useWindowActions } from '../../lib/layout/windows';
import { getSession } from '../../lib/session/session-store';

/**
 * SPEC §2: an address with a double underscore (outside the route, which may hold ids) opens sign-in,
 * so a link can send a guest straight to it.
 */
export function useSignInFromAddress(): void {
  const { open } = useWindowActions();
  useEffect(() => {
    const { pathname, search } = window.location;
    if (!`${pathname}${search}`.includes('__')) return;
    if (getSession()?.user.isAnonymous === false) return;
    open({ kind: 'signIn', mode: 'signIn' });
  }, [open]);
}
