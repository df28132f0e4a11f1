import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/languages';

/** A country's name in the interface language (the browser knows them all); the code itself otherwise. */
export function useRegionName(code: string | null): string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage);
  return useMemo(() => {
    if (code === null) return '';
    try {
      return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
    } catch {
      return code;
    }
  }, [locale, code]);
}
