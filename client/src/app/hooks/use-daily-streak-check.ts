import type { UserProfileView } from '@globetrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithRetry } from '../../lib/errors/module-import';
import { showSnack } from '../../lib/layout/snacks';
import { profileQueryKey } from '../../lib/session/profile-query';
import { isSignedIn, useSession } from '../../lib/session/use-session';
import { markStreakChecked, streakCheckedToday } from '../../lib/storage/daily-dates';

/** SPEC §5: the daily streak is checked 2 s after a signed-in player arrives, once per UTC day. */
const CHECK_DELAY_MS = 2_000;
const SNACK_MS = 9_000;

/**
 * Records today's visit and tells the player what it did to their streak (SPEC §4: -1 ended, -2 lost, a
 * larger streak than before increased, the same one continued). Streak messages are not errors: a check
 * that fails says nothing and is tried again on the next visit.
 */
export function useDailyStreakCheck() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const uid = isSignedIn(session) && session.profileCreated ? session.user.uid : null;

  useEffect(() => {
    if (!uid || streakCheckedToday()) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const before = queryClient.getQueryData<UserProfileView>(profileQueryKey(uid))?.dvs ?? 0;
      try {
        const { recordDailyVisit } = await importWithRetry(() => import('./daily-visit-streak'));
        const streak = await recordDailyVisit(controller.signal);
        markStreakChecked();
        const message =
          streak.dvs === -1
            ? t('streak.ended')
            : streak.dvs === -2
              ? t('streak.lost')
              : streak.dvs > before
                ? t('streak.increased', { count: streak.dvs })
                : t('streak.continued', { count: streak.dvs });
        if (streak.dvs !== 1 || before > 0) showSnack({ message, durationMs: SNACK_MS });
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) });
      } catch {
        // Not an error the player needs to see; the next visit checks again.
      }
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [uid, queryClient, t]);
}
