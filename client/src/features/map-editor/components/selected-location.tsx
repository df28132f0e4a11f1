import type { MapLocationInput, MapPreview } from '@globetrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { PanoramaViewer } from '../../../components/panorama-viewer';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { previewLocation } from '../api/map-editor-api';

interface SelectedLocationProps {
  index: number;
  location: MapLocationInput;
  editable: boolean;
  /** The server's complaint about this entry on the last save. */
  error: string | null;
  onRemove: () => void;
  onClose: () => void;
}

/** The selected location: where it is, how its view starts, the picture a round there would show. */
export function SelectedLocation({ index, location, editable, error, onRemove, onClose }: SelectedLocationProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const preview = useMutation({ mutationFn: () => previewLocation({ lat: location.lat, lng: location.lng }) });
  const shown: MapPreview | undefined = preview.data;
  return (
    <section className="editor-selected" aria-label={t('mapEditor.selected.title', { number: index + 1 })} data-testid="editor-selected">
      <header className="editor-selected__header">
        <h3>{t('mapEditor.selected.title', { number: index + 1 })}</h3>
        <button type="button" className="link-button" onClick={onClose}>
          {t('mapEditor.selected.deselect')}
        </button>
      </header>
      <dl className="editor-selected__facts">
        <dt>{t('mapEditor.selected.position')}</dt>
        <dd data-testid="editor-selected-position">
          {location.lat.toFixed(5)}, {location.lng.toFixed(5)}
        </dd>
        {location.heading !== undefined && (
          <>
            <dt>{t('mapEditor.selected.heading')}</dt>
            <dd>{format.decimal(location.heading)}°</dd>
          </>
        )}
        {location.pitch !== undefined && (
          <>
            <dt>{t('mapEditor.selected.pitch')}</dt>
            <dd>{format.decimal(location.pitch)}°</dd>
          </>
        )}
        {location.zoom !== undefined && (
          <>
            <dt>{t('mapEditor.selected.zoom')}</dt>
            <dd>{format.decimal(location.zoom)}</dd>
          </>
        )}
        {location.panoId !== undefined && (
          <>
            <dt>{t('mapEditor.selected.panoId')}</dt>
            <dd className="editor-selected__pano">{location.panoId}</dd>
          </>
        )}
      </dl>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--small" disabled={preview.isPending} onClick={() => preview.mutate()}>
          {preview.isPending ? t('mapEditor.selected.previewing') : t('mapEditor.selected.preview')}
        </button>
        {editable && (
          <button type="button" className="button button--small button--danger-outline" onClick={onRemove}>
            {t('mapEditor.selected.remove')}
          </button>
        )}
      </div>
      {preview.isError && <ErrorMessage onRetry={() => preview.mutate()}>{errorMessage(preview.error)}</ErrorMessage>}
      {shown && (
        <div className="editor-preview" data-testid="editor-preview">
          <div className="editor-preview__viewer">
            <PanoramaViewer url={shown.panoramaUrl} heading={location.heading ?? shown.heading} movement="pan" />
          </div>
          <p className="muted editor-hint">
            {shown.source === 'online' ? t('mapEditor.selected.previewOnline', { distance: format.distance(shown.distanceMeters) }) : t('mapEditor.selected.previewOffline', { distance: format.distance(shown.distanceMeters) })}
          </p>
        </div>
      )}
    </section>
  );
}
