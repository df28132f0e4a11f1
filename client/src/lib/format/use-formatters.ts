import { displayDistance, formatCount, formatSeconds } from '@globetrail/contracts';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { milesCheckedAtom } from '../settings/settings-atoms';

/** Locale-aware number and distance formatting for the current interface language and unit setting. */
export function useFormatters() {
  const { t, i18n } = useTranslation();
  const useMiles = useAtomValue(milesCheckedAtom);
  const locale = i18n.resolvedLanguage ?? 'en';

  return useMemo(() => {
    const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return {
      locale,
      /** Whole numbers with grouping ("12,345"). */
      number: (n: number) => integer.format(n),
      /** Up to one decimal ("1.5"). */
      decimal: (n: number) => decimal.format(n),
      /** Counts, compact only above 10 million (SPEC §9). */
      count: (n: number) => formatCount(n, locale),
      /** SPEC §9 units: km above 1000 m, miles above 1609 m, else metres or feet. */
      distance: (meters: number) => {
        const { value, unit } = displayDistance(meters, useMiles);
        return t(`units.${unit}`, { value: decimal.format(value) });
      },
      /** SPEC §9: under 15 s with one decimal and a unit ("9.4 s"), otherwise minutes:seconds ("1:05"). */
      seconds: (ms: number) => {
        const seconds = Math.max(0, ms / 1000);
        if (seconds >= 15) return formatSeconds(seconds);
        return t('units.s', { value: oneDecimal.format(Math.floor(seconds * 10) / 10) });
      },
      date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)),
    };
  }, [locale, t, useMiles]);
}
