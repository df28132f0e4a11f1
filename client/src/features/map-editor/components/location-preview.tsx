import type { LatLng } from '@globetrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { PanoramaViewer } from '../../../components/panorama-viewer';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { previewLocation } from '../api/map-editor-api';

/**
 * The picture a round drawn at this location would show (POST /maps/preview). Offline, that is the
 * nearest painted sample scene, which may be far away: the note says so, with the distance.
 */
export function LocationPreview({ mapId, at, heading }: { mapId: string; at: LatLng; heading: number | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const preview = useMutation({ mutationFn: () => previewLocation(mapId, at) });
  const shown = preview.data;

  return (
    <div className="editor-preview" data-testid="editor-preview" data-state={preview.status}>
      {!shown && (
        <button type="button" className="button button--small" disabled={preview.isPending} onClick={() => preview.mutate()}>
          {preview.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
          {preview.isPending ? t('mapEditor.preview.loading') : t('mapEditor.preview.show')}
        </button>
      )}
      {preview.isError && <ErrorMessage onRetry={() => preview.mutate()}>{errorMessage(preview.error)}</ErrorMessage>}
      {shown && (
        <>
          <div className="editor-preview__viewer">
            {/* An author's heading is where the round's view starts; offline scenes face their own way. */}
            <PanoramaViewer url={shown.panoramaUrl} heading={shown.source === 'online' ? (heading ?? shown.heading) : shown.heading} movement="pan" />
          </div>
          <p className={`editor-hint ${shown.source === 'offline' ? 'editor-preview__offline' : ''}`} data-testid="editor-preview-note">
            {shown.source === 'online'
              ? t('mapEditor.preview.online', { distance: format.distance(shown.distanceMeters) })
              : t('mapEditor.preview.offline', { distance: format.distance(shown.distanceMeters) })}
          </p>
        </>
      )}
    </div>
  );
}
