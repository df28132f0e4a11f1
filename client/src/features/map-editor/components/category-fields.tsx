import { coastalInlandValues, coverageValues, type MapCategories, urbanRuralValues } from '@globetrail/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a map with no locations yet starts when its author chooses the categories. */
const NEUTRAL: MapCategories = { coverage: 'world', urbanRural: 'mixed', coastalInland: 'mixed', regionalFocusByCountry: null, countryStreakEligible: false };

interface CategoryFieldsProps {
  id: string;
  /** Null: not chosen (a new map then takes what its locations suggest). */
  value: MapCategories | null;
  /** What the locations suggest, shown while the author has not chosen. */
  suggested: MapCategories | null;
  /** A new map may go back to the suggestion; a saved map's categories are its own. */
  canSuggest: boolean;
  error: string | null;
  onChange: (value: MapCategories | null) => void;
}

/** SPEC §3's five categories: what the locations suggest for a new map, or the author's own choice. */
export function CategoryFields({ id: sectionId, value, suggested, canSuggest, error, onChange }: CategoryFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const set = <K extends keyof MapCategories>(key: K, next: MapCategories[K]) => onChange({ ...(value ?? suggested ?? NEUTRAL), [key]: next });
  return (
    <fieldset id={sectionId} className="editor-section editor-categories" aria-describedby={error ? errorId : undefined}>
      <legend className="editor-section__title">{t('mapEditor.categories.title')}</legend>
      {canSuggest && (
        <label className="editor-check">
          <input type="checkbox" checked={value !== null} onChange={(event) => onChange(event.target.checked ? (suggested ?? NEUTRAL) : null)} />
          {t('mapEditor.categories.choose')}
        </label>
      )}
      {value === null ? (
        <SuggestedSummary suggested={suggested} />
      ) : (
        <div className="editor-categories__grid">
          <label htmlFor={`${id}-coverage`}>{t('mapEditor.categories.coverage')}</label>
          <select id={`${id}-coverage`} className="editor-input" value={value.coverage} onChange={(event) => set('coverage', event.target.value as MapCategories['coverage'])}>
            {coverageValues.map((option) => (
              <option key={option} value={option}>
                {t(`mapEditor.categories.values.coverage.${option}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-urban`}>{t('mapEditor.categories.urbanRural')}</label>
          <select id={`${id}-urban`} className="editor-input" value={value.urbanRural} onChange={(event) => set('urbanRural', event.target.value as MapCategories['urbanRural'])}>
            {urbanRuralValues.map((option) => (
              <option key={option} value={option}>
                {t(`mapEditor.categories.values.urbanRural.${option}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-coast`}>{t('mapEditor.categories.coastalInland')}</label>
          <select id={`${id}-coast`} className="editor-input" value={value.coastalInland} onChange={(event) => set('coastalInland', event.target.value as MapCategories['coastalInland'])}>
            {coastalInlandValues.map((option) => (
              <option key={option} value={option}>
                {t(`mapEditor.categories.values.coastalInland.${option}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-focus`}>{t('mapEditor.categories.focus')}</label>
          <input
            id={`${id}-focus`}
            className="editor-input editor-input--code"
            value={value.regionalFocusByCountry ?? ''}
            maxLength={2}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('mapEditor.categories.focusPlaceholder')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => set('regionalFocusByCountry', event.target.value.trim() === '' ? null : event.target.value.trim().toUpperCase())}
          />
          <label className="editor-check editor-categories__wide">
            <input type="checkbox" checked={value.countryStreakEligible} onChange={(event) => set('countryStreakEligible', event.target.checked)} />
            {t('mapEditor.categories.streaks')}
          </label>
        </div>
      )}
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SuggestedSummary({ suggested }: { suggested: MapCategories | null }) {
  const { t } = useTranslation();
  if (!suggested) return <p className="editor-hint">{t('mapEditor.categories.suggestLater')}</p>;
  return (
    <div className="editor-suggested" data-testid="editor-suggested-categories">
      <p className="editor-hint">{t('mapEditor.categories.suggested')}</p>
      <ul className="editor-chips">
        <li>{t(`mapEditor.categories.values.coverage.${suggested.coverage}`)}</li>
        <li>{t(`mapEditor.categories.values.urbanRural.${suggested.urbanRural}`)}</li>
        <li>{t(`mapEditor.categories.values.coastalInland.${suggested.coastalInland}`)}</li>
        {suggested.regionalFocusByCountry && <li>{t('mapEditor.categories.focusValue', { code: suggested.regionalFocusByCountry })}</li>}
        <li>{t(suggested.countryStreakEligible ? 'mapEditor.categories.streaksYes' : 'mapEditor.categories.streaksNo')}</li>
      </ul>
    </div>
  );
}
