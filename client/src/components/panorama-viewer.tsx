import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/virtual-tour-plugin/index.css';
import './panorama-viewer.css';
import { FIXED_VIEW_WINDOW, type Movement } from '@globetrail/contracts';
import { Cache, type PanoDataProvider, Viewer } from '@photo-sphere-viewer/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanoramaTour } from '../lib/panorama/use-panorama-tour';
import { ErrorMessage } from './error-message';

type LoadState = 'loading' | 'ready' | 'error' | 'hidden';

/** The server's answer for a Blink picture outside its seconds (docs/security.md). */
const HIDDEN_STATUSES = new Set([403, 410]);

/**
 * The picture's bytes, fetched here (not by the viewer) so that leaving a round mid-download is a clean
 * abort, and a refusal can say why; the viewer then reads them from its cache (its key for a picture is
 * its address), as does the tour when it adds the first arrows.
 */
async function fetchPicture(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (HIDDEN_STATUSES.has(response.status)) throw new PictureHidden();
  if (!response.ok) throw new Error(`picture: HTTP ${response.status}`);
  return new Blob([await response.arrayBuffer()], { type: response.headers.get('Content-Type') ?? 'image/jpeg' });
}

class PictureHidden extends Error {}

const KEY_STEP_RADIANS = Math.PI / 16;
const ZOOM_STEP = 10;
/** Moves forward along the way nearest the view direction (documented in the panorama's label). */
const MOVE_AHEAD_KEYS = new Set(['w', 'W']);

interface PanoramaViewerProps {
  /** Opaque same-origin address of an equirectangular JPEG. */
  url: string;
  /** Initial view direction: the viewer's yaw in degrees (the round's heading, which the server gives in its turned pictures' frame). */
  heading: number;
  /** What the player may do: move along the picture's sequence, only pan and zoom, or neither. */
  movement: Movement;
  /** The picture is on screen (Blink counts its seconds from here, not from the request). */
  onReady?: () => void;
}

/**
 * The 360° street-level picture of the round (Photo Sphere Viewer), with its own loading and error states.
 * Each round and movement setting gets a viewer of its own, so nothing of one round's moves survives into
 * the next.
 */
export function PanoramaViewer(props: PanoramaViewerProps) {
  return <RoundPanorama key={`${props.url} ${props.movement}`} {...props} />;
}

/**
 * Where an NMPZ picture sits in the whole sphere: it is FIXED_VIEW_WINDOW's window, centred on the start
 * view (yaw 0), as the server cut it.
 */
const windowPanoData: PanoDataProvider = (image) => {
  const fullWidth = Math.round((image.width * 360) / FIXED_VIEW_WINDOW.horizontalDegrees);
  const fullHeight = Math.round(fullWidth / 2);
  return { fullWidth, fullHeight, croppedWidth: image.width, croppedHeight: image.height, croppedX: Math.round((fullWidth - image.width) / 2), croppedY: Math.round((fullHeight - image.height) / 2) };
};

function RoundPanorama({ url, heading, movement, onReady }: PanoramaViewerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [unsupported, setUnsupported] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fixed = movement === 'none';
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const tour = usePanoramaTour({
    viewer,
    ready: state === 'ready',
    enabled: movement === 'move',
    url,
    heading,
    arrowLabel: (bearing) => t('panorama.moveTowards', { bearing: Math.round(bearing) % 360 }),
  });

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
        // NMPZ: the view stays as the round starts it (no drag, no wheel, no pinch).
        mousemove: !fixed,
        mousewheel: !fixed,
        defaultZoomLvl: 0,
        // NMPZ: the picture is only the window around the start view (FIXED_VIEW_WINDOW); the view stays inside it.
        ...(fixed ? { maxFov: FIXED_VIEW_WINDOW.maxViewerFov } : {}),
        plugins: tour.plugin ? [tour.plugin] : [],
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
    // Built once per round (see PanoramaViewer); the language of its own (hidden) texts does not need to follow later switches.
  }, []);

  useEffect(() => {
    if (!viewer) return;
    let current = true;
    const download = new AbortController();
    setState('loading');
    fetchPicture(url, download.signal)
      .then((blob) => {
        if (!current) return false;
        Cache.add(url, url, blob);
        return viewer.setPanorama(url, { position: { yaw: `${heading}deg`, pitch: 0 }, zoom: 0, transition: false, showLoader: false, ...(fixed ? { panoData: windowPanoData } : {}) });
      })
      .then(
        (completed) => {
          if (current && completed) {
            setState('ready');
            onReadyRef.current?.();
          }
        },
        (error: unknown) => {
          if (!current) return;
          viewer.hideError();
          setState(error instanceof PictureHidden ? 'hidden' : 'error');
        },
      );
    return () => {
      current = false;
      download.abort();
    };
  }, [viewer, url, heading, attempt]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!viewer || state !== 'ready' || fixed) return;
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
    const move = moves[event.key] ?? (movement === 'move' && MOVE_AHEAD_KEYS.has(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey ? tour.moveAhead : undefined);
    if (move) {
      event.preventDefault();
      move();
    }
  };

  const label = { move: t('panorama.labelMove'), pan: t('panorama.label'), none: t('panorama.labelFixed') }[movement];
  const { status } = tour;
  return (
    <div
      className="panorama"
      data-testid="panorama"
      data-state={state}
      data-movement={movement}
      data-at-start={tour.atStart}
      data-moving={status.kind === 'moving'}
    >
      <div
        ref={containerRef}
        className="panorama__viewer"
        tabIndex={0}
        role="application"
        aria-roledescription={t('panorama.roleDescription')}
        aria-label={label}
        aria-keyshortcuts={movement === 'move' ? 'W' : undefined}
        onKeyDown={onKeyDown}
      />
      {state === 'loading' && (
        <div className="panorama__status" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{t('panorama.loading')}</span>
        </div>
      )}
      {state === 'hidden' && (
        <div className="panorama__status" role="status">
          <p>{t('challenges.play.pictureHidden')}</p>
        </div>
      )}
      {state === 'error' && (
        <div className="panorama__status">
          <ErrorMessage onRetry={unsupported ? undefined : () => setAttempt((n) => n + 1)}>
            {unsupported ? t('panorama.webglError') : t('panorama.loadError')}
          </ErrorMessage>
        </div>
      )}
      {state === 'ready' && movement === 'move' && (
        <div className="panorama__moves">
          {status.kind === 'moving' && (
            <p className="panorama__moving" role="status" aria-live="polite">
              <span className="spinner" aria-hidden="true" />
              <span>{t('panorama.moving')}</span>
            </p>
          )}
          {status.kind === 'failed' && (
            <ErrorMessage onRetry={status.retry}>{status.failure === 'move' ? t('panorama.moveError') : t('panorama.movesError')}</ErrorMessage>
          )}
          {!tour.atStart && (
            <button type="button" className="button button--small panorama__back" disabled={status.kind === 'moving'} onClick={tour.backToStart}>
              {t('panorama.backToStart')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
