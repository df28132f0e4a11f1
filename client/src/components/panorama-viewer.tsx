import '@photo-sphere-viewer/core/index.css';
import './panorama-viewer.css';
import { Viewer } from '@photo-sphere-viewer/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from './error-message';

type LoadState = 'loading' | 'ready' | 'error';

const KEY_STEP_RADIANS = Math.PI / 16;
const ZOOM_STEP = 10;

interface PanoramaViewerProps {
  /** Opaque same-origin address of an equirectangular JPEG. */
  url: string;
  /** Initial view direction, degrees clockwise from north. */
  heading: number;
}

/** The 360° street-level picture of the round (Photo Sphere Viewer), with its own loading and error states. */
export function PanoramaViewer({ url, heading }: PanoramaViewerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [unsupported, setUnsupported] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let created: Viewer;
    try {
      created = new Viewer({
        container,
        navbar: false,
        loadingTxt: '',
        // Arrow keys are handled on the focusable panorama below, so they never steer it from elsewhere.
        keyboard: false,
        mousewheelCtrlKey: false,
        touchmoveTwoFingers: false,
        defaultZoomLvl: 0,
        lang: {
          loading: t('panorama.loading'),
          loadError: t('panorama.loadError'),
          webglError: t('panorama.webglError'),
          twoFingers: t('panorama.twoFingers'),
          ctrlZoom: t('panorama.ctrlZoom'),
        },
      });
    } catch {
      setUnsupported(true);
      setState('error');
      return;
    }
    setViewer(created);
    return () => {
      setViewer(null);
      created.destroy();
    };
    // Built once; the language of its own (hidden) texts does not need to follow later switches.
  }, []);

  useEffect(() => {
    if (!viewer) return;
    let current = true;
    setState('loading');
    viewer
      .setPanorama(url, { position: { yaw: `${heading}deg`, pitch: 0 }, zoom: 0, transition: false, showLoader: false })
      .then(
        (completed) => {
          if (current && completed) setState('ready');
        },
        () => {
          if (!current) return;
          viewer.hideError();
          setState('error');
        },
      );
    return () => {
      current = false;
    };
  }, [viewer, url, heading, attempt]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!viewer || state !== 'ready') return;
    const { yaw, pitch } = viewer.getPosition();
    const moves: Record<string, () => void> = {
      ArrowLeft: () => viewer.rotate({ yaw: yaw - KEY_STEP_RADIANS, pitch }),
      ArrowRight: () => viewer.rotate({ yaw: yaw + KEY_STEP_RADIANS, pitch }),
      ArrowUp: () => viewer.rotate({ yaw, pitch: Math.min(Math.PI / 2, pitch + KEY_STEP_RADIANS) }),
      ArrowDown: () => viewer.rotate({ yaw, pitch: Math.max(-Math.PI / 2, pitch - KEY_STEP_RADIANS) }),
      '+': () => viewer.zoomIn(ZOOM_STEP),
      '=': () => viewer.zoomIn(ZOOM_STEP),
      '-': () => viewer.zoomOut(ZOOM_STEP),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };

  return (
    <div className="panorama" data-testid="panorama" data-state={state}>
      <div
        ref={containerRef}
        className="panorama__viewer"
        tabIndex={0}
        role="application"
        aria-roledescription={t('panorama.roleDescription')}
        aria-label={t('panorama.label')}
        onKeyDown={onKeyDown}
      />
      {state === 'loading' && (
        <div className="panorama__status" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{t('panorama.loading')}</span>
        </div>
      )}
      {state === 'error' && (
        <div className="panorama__status">
          <ErrorMessage onRetry={unsupported ? undefined : () => setAttempt((n) => n + 1)}>
            {unsupported ? t('panorama.webglError') : t('panorama.loadError')}
          </ErrorMessage>
        </div>
      )}
    </div>
  );
}
