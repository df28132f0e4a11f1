import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../api/client-config';
import { getSession } from '../session/session-store';
import { useSession } from '../session/use-session';
import { isExempt, lockDownPage, watchForDevTools } from './devtools-guard';

/** Held here only while Developer Tools are open; returns at once otherwise. */
function pauseIfDevToolsOpen(): void {
  debugger;
}

/**
 * SPEC §8: with Developer Tools open the page shows the alert, reports a signed-in player
 * (POST /user/cheating-report) and goes blank. Off when the deployment says so, and for exempt accounts.
 */
export function useDevToolsGuard(): void {
  const { t } = useTranslation();
  const check = useClientConfig().data?.devtoolsCheck;
  const uid = useSession()?.user.uid ?? null;
  const exempt = !check?.enabled || isExempt(uid, check.exemptPrefixes);

  useEffect(() => {
    if (exempt) return;
    const unlock = lockDownPage();
    const stop = watchForDevTools(
      {
        now: () => performance.now(),
        every: (ms, run) => {
          const timer = setInterval(run, ms);
          return () => clearInterval(timer);
        },
        probe: pauseIfDevToolsOpen,
      },
      () => {
        window.alert(t('devtools.alert'));
        // The session as it is now (its token is renewed every hour; the check keeps running across that).
        const session = getSession();
        if (session && !session.user.isAnonymous) {
          const headers = { Authorization: session.idToken, 'Content-Type': 'application/json' };
          void fetch('/user/cheating-report', { method: 'POST', headers, body: '{}', keepalive: true }).catch(() => undefined);
        }
        document.body.replaceChildren();
        document.body.dataset.blanked = 'devtools';
      },
    );
    return () => {
      stop();
      unlock();
    };
  }, [exempt, t]);
}
