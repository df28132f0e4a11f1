import { locationCountProblem, MAP_LIMITS, type MapLocationInput } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { ExportButtons } from './export-buttons';
import { ImportFile } from './import-file';
import { useMapCoverage, useOpenSeaLocations } from '../hooks/use-location-checks';

interface LocationsSectionProps {
  id: string;
  name: string;
  locations: readonly MapLocationInput[];
  editable: boolean;
  error: string | null;
  onImport: (locations: MapLocationInput[], name: string | null) => void;
  /** Shows a location on the map (selects it). */
  onShow: (index: number) => void;
  /** Removes these locations (the ones at sea). */
  onRemove: (locations: readonly MapLocationInput[]) => void;
}

/** How many locations the map holds against its limits, and its files: import and export. */
export function LocationsSection({ id, name, locations, editable, error, onImport, onShow, onRemove }: LocationsSectionProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const count = locations.length;
  const short = locationCountProblem(count) !== null;
  const atSea = useOpenSeaLocations(locations);
  const coverage = useMapCoverage(locations, editable);
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
      {/* A street-level game has no pictures at sea: say so, and offer to look or to remove them. */}
      {editable && atSea && atSea.length > 0 && (
        <div className="editor-warning" role="status" data-testid="editor-at-sea">
          <p>{t('mapEditor.locations.atSea', { count: atSea.length, value: format.number(atSea.length) })}</p>
          <div className="button-row">
            <button type="button" className="button button--small" onClick={() => onShow(locations.indexOf(atSea[0]!))}>
              {t('mapEditor.locations.showAtSea')}
            </button>
            <button type="button" className="button button--small" onClick={() => onRemove(atSea)} data-testid="remove-at-sea">
              {t('mapEditor.locations.removeAtSea', { count: atSea.length })}
            </button>
          </div>
        </div>
      )}
      {editable && count > 0 && coverage.data && (
        <p className="editor-hint" data-testid="editor-coverage">
          {t('mapEditor.locations.coverage', {
            count: coverage.data.checked,
            value: format.number(coverage.data.withPictures),
            total: format.number(coverage.data.checked),
            radius: format.distance(coverage.data.radiusMeters),
          })}
          {coverage.data.online && ` ${t('mapEditor.locations.coverageOnline', { provider: coverage.data.online })}`}
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
