import './generator-page.css';
import { GENERATOR_LIMITS, MAP_LIMITS, type LatLng } from '@globetrail/contracts';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { GlobeMark } from '../../../components/icons';
import { LanguageSelect } from '../../../components/language-select';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import type { GeneratorParams } from '../hooks/use-generator-params';
import { useGeneratorRun } from '../hooks/use-generator-run';
import { useRegionName } from '../hooks/use-region-name';
import { useRegionOutline, type RegionOutline } from '../hooks/use-region-outline';
import { GeneratorMap } from './generator-map';
import { MIN_CORNERS, PolygonTools } from './polygon-tools';
import { RunProgress } from './run-progress';
import { RunControls } from './run-controls';
import { SaveMapForm, type PlayMapAction } from './save-map-form';
import { usePageTitle } from '../../../lib/hooks/use-page-title';

interface GeneratorPageProps {
  params: GeneratorParams;
  play: PlayMapAction;
}

/**
 * The generator tool: pick the area (a country from the address, or corners drawn on the map), search it
 * for places with pictures while the progress shows, then save what was found as a map and play it.
 */
export function GeneratorPage({ params, play }: GeneratorPageProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const noteId = useId();
  const polygonMode = params.region === 'polygon';
  const regionName = useRegionName(polygonMode ? null : params.region);
  const outline = useRegionOutline(polygonMode ? null : params.region);
  const [corners, setCorners] = useState<LatLng[]>([]);
  const { start, stop, view, pollError, retryPoll } = useGeneratorRun();

  const running = view?.status === 'running';
  const locked = running || start.isPending;
  const finished = view !== null && (view.status === 'done' || view.status === 'stopped');
  const provider = t(`generator.providers.${params.provider}`);

  usePageTitle(t('generator.title'));

  const addCorner = useCallback((at: LatLng) => setCorners((current) => (current.length >= GENERATOR_LIMITS.maxPolygonPoints ? current : [...current, at])), []);

  const startRun = () => {
    if (locked) return;
    start.mutate({ provider: params.provider, limit: params.limit, region: params.region, ...(polygonMode ? { polygon: corners } : {}) });
  };

  const startBlockedBy =
    polygonMode && corners.length < MIN_CORNERS
      ? { noteId }
      : outline?.state === 'missing'
        ? { reason: t('generator.map.outlineMissing', { region: regionName }) }
        : null;
  const summary = polygonMode
    ? t('generator.summaryPolygon', { count: params.limit, value: params.limit, provider })
    : t('generator.summaryCountry', { count: params.limit, value: params.limit, provider, region: regionName });

  return (
    <main className="generator-page" data-testid="generator-page" data-state="ready">
      <header className="generator-page__header">
        <Link to="/" className="generator-page__home">
          <GlobeMark size={22} />
          <span>{t('generator.home')}</span>
        </Link>
        <div className="generator-page__heading">
          <h1>{t('generator.title')}</h1>
          <p className="muted">{summary}</p>
        </div>
        <LanguageSelect className="generator-page__language" />
      </header>
      <div className="generator-page__body">
        <div className="generator-page__map">
          <GeneratorMap
            label={polygonMode ? t('generator.map.polygonLabel') : t('generator.map.countryLabel', { region: regionName })}
            region={outline?.state === 'ready' ? outline.features : null}
            bounds={outline?.state === 'ready' ? outline.bounds : null}
            corners={corners}
            points={view?.points ?? NO_POINTS}
            onAddCorner={polygonMode && !locked ? addCorner : undefined}
          />
          {outline && <OutlineNote outline={outline} regionName={regionName} />}
        </div>
        <aside className="generator-page__panel" aria-label={t('generator.title')}>
          {polygonMode && (
            <PolygonTools corners={corners.length} locked={locked} onUndo={() => setCorners((current) => current.slice(0, -1))} onClear={() => setCorners([])} noteId={noteId} />
          )}
          <RunControls
            running={running}
            hasEndedRun={view !== null && !running}
            onStart={startRun}
            starting={start.isPending}
            startBlockedBy={startBlockedBy}
            startError={start.isError ? errorMessage(start.error) : null}
            onStop={() => view && stop.mutate(view.runId)}
            stopping={stop.isPending}
            stopError={stop.isError ? errorMessage(stop.error) : null}
          />
          {view && <RunProgress view={view} pollError={pollError ? errorMessage(pollError) : null} onRetryPoll={retryPoll} />}
          {finished && view.found >= MAP_LIMITS.minLocations && (
            <SaveMapForm key={view.runId} runId={view.runId} suggestedName={polygonMode ? '' : regionName} play={play} />
          )}
          {finished && view.found < MAP_LIMITS.minLocations && (
            <p className="generator-panel__note" data-testid="generator-too-few">
              {t('generator.save.tooFew', { min: MAP_LIMITS.minLocations, found: view.found })}
            </p>
          )}
        </aside>
      </div>
    </main>
  );
}

const NO_POINTS: LatLng[] = [];

/** Said on the map while the outline is not drawn; a country without a shape is explained at Start. */
function OutlineNote({ outline, regionName }: { outline: RegionOutline; regionName: string }) {
  const { t } = useTranslation();
  switch (outline.state) {
    case 'ready':
    case 'missing':
      return null;
    case 'loading':
      return <p className="generator-page__map-note">{t('generator.map.outlineLoading', { region: regionName })}</p>;
    case 'failed':
      return (
        <ErrorMessage className="generator-page__map-note" onRetry={outline.retry}>
          {t('generator.map.outlineFailed', { region: regionName })}
        </ErrorMessage>
      );
    default: {
      const unhandled: never = outline;
      return unhandled;
    }
  }
}
