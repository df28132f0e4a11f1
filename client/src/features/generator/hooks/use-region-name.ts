import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A country's name in the interface language (the browser knows them all); the code itself otherwise. */
export function useRegionName(code: string | null): string {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    if (code === null) return '';
    try {
      return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
    } catch {
      return code;
    }
  }, [locale, code]);
}
