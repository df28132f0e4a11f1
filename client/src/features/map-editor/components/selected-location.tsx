import type { MapLocationInput } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { LocationFields } from './location-fields';
import { LocationPreview } from './location-preview';

interface SelectedLocationProps {
  /** The map being edited: previews are for its author only. */
  mapId: string;
  index: number;
  count: number;
  location: MapLocationInput;
  editable: boolean;
  /** The server's complaint about this entry on the last save. */
  error: string | null;
  onChange: (location: MapLocationInput) => void;
  onSelect: (index: number | null) => void;
  onRemove: () => void;
}

/** The selected location: where it is, how its view starts, and the picture a round there would show. */
export function SelectedLocation({ mapId, index, count, location, editable, error, onChange, onSelect, onRemove }: SelectedLocationProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const title = t('mapEditor.selected.title', { number: format.number(index + 1), count: format.number(count) });
  return (
    <section id="editor-selected" className="editor-section editor-selected" aria-label={title} data-testid="editor-selected" data-index={index}>
      <header className="editor-selected__header">
        <h2 className="editor-section__title">{title}</h2>
        <div className="editor-selected__nav">
          <button type="button" className="icon-button icon-button--small" aria-label={t('mapEditor.selected.previous')} title={t('mapEditor.selected.previous')} disabled={index === 0} onClick={() => onSelect(index - 1)}>
            ‹
          </button>
          <button type="button" className="icon-button icon-button--small" aria-label={t('mapEditor.selected.next')} title={t('mapEditor.selected.next')} disabled={index >= count - 1} onClick={() => onSelect(index + 1)}>
            ›
          </button>
          <button type="button" className="icon-button icon-button--small" aria-label={t('mapEditor.selected.deselect')} title={t('mapEditor.selected.deselect')} aria-keyshortcuts="Escape" onClick={() => onSelect(null)}>
            ✕
          </button>
        </div>
      </header>
      {error && (
        <p className="form-field__error" role="alert" data-testid="editor-location-error">
          {error}
        </p>
      )}
      {editable ? (
        <LocationFields location={location} onChange={onChange} />
      ) : (
        <dl className="editor-facts">
          <dt>{t('mapEditor.fields.position')}</dt>
          <dd>
            {location.lat}, {location.lng}
          </dd>
          {location.heading !== undefined && (
            <>
              <dt>{t('mapEditor.fields.heading')}</dt>
              <dd>{format.decimal(location.heading)}°</dd>
            </>
          )}
        </dl>
      )}
      <LocationPreview key={`${location.lat},${location.lng}`} mapId={mapId} at={location} heading={location.heading} />
      {editable && (
        <button type="button" className="button button--small button--danger-outline editor-selected__remove" aria-keyshortcuts="Delete" onClick={onRemove}>
          {t('mapEditor.selected.remove')}
        </button>
      )}
    </section>
  );
}
