import './panorama-viewer.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../lib/api/client-config';
import { loadGoogleMaps, onGoogleKeyRefused } from '../lib/google/load-google-maps';
import { ErrorMessage } from './error-message';

type ViewState = 'loading' | 'ready' | 'error';
type Failure = 'load' | 'notConfigured' | 'keyRefused';

interface GoogleStreetViewProps {
  /** Google's panorama id for the round. */
  panoId: string;
  /** Initial view direction, degrees clockwise from north. */
  heading: number;
  /** Road names on the picture: the "street names" setting, when the round allows them (`hsn`). */
  roadLabels?: boolean;
  /** Google's viewer shows the panorama (its status OK). */
  onShown?: () => void;
}

/**
 * A round on Google Street View, shown by Google's own viewer (Maps JavaScript API), as its terms require:
 * the one kind of round that is not answer-blind. The key comes from GET /client-config. Loading and error
 * states match PanoramaViewer's: a failure shows a message (with a retry where one can help), never a blank
 * area.
 */
export function GoogleStreetView({ panoId, heading, roadLabels = false, onShown }: GoogleStreetViewProps) {
  const { t, i18n } = useTranslation();
  const config = useClientConfig();
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewState>('loading');
  const [failure, setFailure] = useState<Failure>('load');
  const [attempt, setAttempt] = useState(0);
  const key = config.data?.googleMapsKey ?? null;
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;

  useEffect(() => {
    if (config.isError) {
      setFailure('load');
      setState('error');
    } else if (config.data && key === null) {
      setFailure('notConfigured');
      setState('error');
    }
  }, [config.isError, config.data, key]);

  useEffect(
    () =>
      onGoogleKeyRefused(() => {
        setFailure('keyRefused');
        setState('error');
      }),
    [],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container || key === null) return;
    let current = true;
    let listener: { remove(): void } | null = null;
    setState('loading');
    loadGoogleMaps(key, i18n.resolvedLanguage ?? i18n.language).then(
      (maps) => {
        if (!current) return;
        const panorama = new maps.StreetViewPanorama(container, {
          pano: panoId,
          pov: { heading, pitch: 0 },
          // Never the address card; road names only when the player and the round allow them.
          addressControl: false,
          showRoadLabels: roadLabels,
          linksControl: true,
          fullscreenControl: false,
          motionTracking: false,
        });
        listener = panorama.addListener('status_changed', () => {
          if (!current) return;
          if (panorama.getStatus() === 'OK') {
            setState('ready');
            onShownRef.current?.();
          } else {
            setFailure('load');
            setState('error');
          }
        });
      },
      () => {
        if (!current) return;
        setFailure('load');
        setState('error');
      },
    );
    return () => {
      current = false;
      listener?.remove();
    };
    // The API's language is fixed when it first loads; a later language switch does not rebuild the view.
  }, [key, panoId, heading, attempt, roadLabels]);

  const retry = () => {
    setState('loading');
    if (config.isError) void config.refetch();
    setAttempt((n) => n + 1);
  };
  const message = failure === 'notConfigured' ? t('streetView.notConfigured') : failure === 'keyRefused' ? t('streetView.keyRefused') : t('streetView.loadError');

  return (
    <div className="panorama" data-testid="google-street-view" data-state={state}>
      {/* A fresh element for each panorama and attempt: Google's viewer has no way to be taken down. */}
      <div key={`${panoId}:${attempt}`} ref={containerRef} className="panorama__viewer" aria-label={t('streetView.label')} role="region" />
      {state === 'loading' && (
        <div className="panorama__status" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{t('streetView.loading')}</span>
        </div>
      )}
      {state === 'error' && (
        <div className="panorama__status">
          <ErrorMessage onRetry={failure === 'load' ? retry : undefined}>{message}</ErrorMessage>
        </div>
      )}
    </div>
  );
}
