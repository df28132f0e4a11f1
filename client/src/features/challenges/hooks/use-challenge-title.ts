import type { Challenge } from '@globetrail/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

type Titled = Pick<Challenge, 't' | 'daily'>;

const DAILY_KEY = /^(\d{4}-\d{2}-\d{2})(-NMPZ|-NM|-Blink)?$/;

/**
 * A challenge's title as the player reads it. A daily is named by its day, as a locale date with SPEC §9's
 * suffix — '(NMPZ)', '(No Move)' or '(Blink)' — in the interface language; others by their author's title.
 */
export function useChallengeTitle(): (challenge: Titled) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return useCallback(
    (challenge: Titled) => {
      const match = challenge.daily ? DAILY_KEY.exec(challenge.daily) : null;
      if (!match) return challenge.t;
      const date = format.date(`${match[1]}T12:00:00Z`);
      const suffix = { '-NMPZ': t('challenges.suffix.nmpz'), '-NM': t('challenges.suffix.nm'), '-Blink': t('challenges.suffix.blink') }[match[2] ?? ''] ?? '';
      return t('challenges.dailyTitle', { date, suffix });
    },
    [format, t],
  );
}
