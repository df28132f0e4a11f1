import { locationCountProblem, MAP_LIMITS, type MapLocationInput } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { ExportButtons } from './export-buttons';
import { ImportFile } from './import-file';

interface LocationsSectionProps {
  id: string;
  name: string;
  locations: readonly MapLocationInput[];
  editable: boolean;
  error: string | null;
  onImport: (locations: MapLocationInput[], name: string | null) => void;
}

/** How many locations the map holds against its limits, and its files: import and export. */
export function LocationsSection({ id, name, locations, editable, error, onImport }: LocationsSectionProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const count = locations.length;
  const short = locationCountProblem(count) !== null;
  return (
    <section id={id} className="editor-section" aria-labelledby="editor-locations-title">
      <h2 id="editor-locations-title" className="editor-section__title">
        {t('mapEditor.locations.title')}
      </h2>
      <p className={`editor-count ${short ? 'editor-count--short' : ''}`} data-testid="editor-count">
        <strong>{t('mapEditor.locations.count', { count, value: format.number(count) })}</strong>
        <span className="editor-count__limits">{t('mapEditor.locations.limits', { min: MAP_LIMITS.minLocations, max: format.number(MAP_LIMITS.maxLocations) })}</span>
      </p>
      {error && (
        <p className="form-field__error" role="alert" data-testid="editor-locations-error">
          {error}
        </p>
      )}
      {!editable && <p className="editor-hint">{t('mapEditor.locations.fixed')}</p>}
      <div className="button-row editor-files">
        {editable && <ImportFile locations={locations} onImport={onImport} />}
        <ExportButtons name={name} locations={locations} />
      </div>
      <p className="editor-hint">{t('mapEditor.import.formats')}</p>
    </section>
  );
}
