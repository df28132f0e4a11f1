import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../lib/i18n/languages';
import { countryCodes } from '../lib/map/country-codes';

/** A select of every country by its name in the interface language, sorted by that name; '' for none. */
export function CountrySelect({ id, value, onChange, anyLabel, testId }: { id: string; value: string; onChange: (code: string) => void; anyLabel: string; testId?: string }) {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage);
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
  return (
    <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
