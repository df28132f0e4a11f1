import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { milesCheckedAtom } from '../settings/settings-atoms';
import { makeFormatters, type Translate } from './formatters';

/** Locale-aware number, distance and date formatting for the current interface language and unit setting. */
export function useFormatters() {
  const { t, i18n } = useTranslation();
  const useMiles = useAtomValue(milesCheckedAtom);
  const code = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => makeFormatters(code, t as unknown as Translate, useMiles), [code, t, useMiles]);
}
