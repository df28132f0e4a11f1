import { coastalInlandValues, coverageValues, type MapCategories, urbanRuralValues } from '@globetrail/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const SUGGESTED: MapCategories = { coverage: 'country', urbanRural: 'mixed', coastalInland: 'mixed', regionalFocusByCountry: null, countryStreakEligible: false };

/**
 * SPEC §3's categories. A new map may leave them to the server, which suggests them from its locations;
 * the author can choose them instead at any time.
 */
export function CategoryFields({ value, onChange, error }: { value: MapCategories | null; onChange: (value: MapCategories | null) => void; error: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = value !== null;
  const set = <K extends keyof MapCategories>(key: K, next: MapCategories[K]) => onChange({ ...(value ?? SUGGESTED), [key]: next });
  return (
    <fieldset className="editor-categories">
      <legend>{t('mapEditor.categories.title')}</legend>
      <label className="editor-check">
        <input type="checkbox" checked={chosen} onChange={(event) => onChange(event.target.checked ? SUGGESTED : null)} />
        {t('mapEditor.categories.choose')}
      </label>
      {!chosen && <p className="muted editor-hint">{t('mapEditor.categories.suggested')}</p>}
      {value && (
        <div className="editor-categories__grid">
          <label htmlFor={`${id}-coverage`}>{t('mapEditor.categories.coverage')}</label>
          <select id={`${id}-coverage`} value={value.coverage} onChange={(event) => set('coverage', event.target.value as MapCategories['coverage'])}>
            {coverageValues.map((option) => (
              <option key={option} value={option}>
                {t(`maps.category.coverage.${option}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-urban`}>{t('mapEditor.categories.urbanRural')}</label>
          <select id={`${id}-urban`} value={value.urbanRural} onChange={(event) => set('urbanRural', event.target.value as MapCategories['urbanRural'])}>
            {urbanRuralValues.map((option) => (
              <option key={option} value={option}>
                {t(`maps.category.urbanRural.${option}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-coast`}>{t('mapEditor.categories.coastalInland')}</label>
          <select id={`${id}-coast`} value={value.coastalInland} onChange={(event) => set('coastalInland', event.target.value as MapCategories['coastalInland'])}>
            {coastalInlandValues.map((option) => (
              <option key={option} value={option}>
                {t(`maps.category.coastalInland.${option}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-focus`}>{t('mapEditor.categories.focus')}</label>
          <input
            id={`${id}-focus`}
            value={value.regionalFocusByCountry ?? ''}
            maxLength={2}
            placeholder={t('mapEditor.categories.focusPlaceholder')}
            onChange={(event) => set('regionalFocusByCountry', event.target.value.trim() === '' ? null : event.target.value.toUpperCase())}
          />
          <label className="editor-check editor-categories__wide">
            <input type="checkbox" checked={value.countryStreakEligible} onChange={(event) => set('countryStreakEligible', event.target.checked)} />
            {t('mapEditor.categories.streaks')}
          </label>
        </div>
      )}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
