import './maps.css';
import type { MapEntry } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { useWindowActions } from '../../../lib/layout/windows';
import { useSession } from '../../../lib/session/use-session';
import { useMapEntry } from '../hooks/map-queries';
import { useMapName } from '../../../lib/maps/map-names';
import { useMapDescription } from '../hooks/use-map-description';
import type { PlayMap } from '../hooks/play-map';
import { CategoryChips } from './category-chips';
import { LikeButton } from './like-button';
import { MapExtent } from './map-extent';
import { OfflineNote } from './offline-note';

/** Route map/{mapId} (SPEC §2): what the map is, where it lies, and play, challenge and like. */
export function MapPage({ mapId, player }: { mapId: string; player: PlayMap }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const entry = useMapEntry(mapId);
  const nameOf = useMapName();
  usePageTitle(entry.data ? nameOf(entry.data) : t('mapPage.title'));

  if (entry.isPending) return <LoadingScreen overlay label={t('mapPage.loading')} />;
  if (entry.isError) {
    const gone = isApiRequestError(entry.error) && entry.error.status === 404;
    const deleted = isApiRequestError(entry.error) && entry.error.code === 'map_deleted';
    return (
      <div className="center-card map-page__missing" role="alert">
        <h1>{gone ? t(deleted ? 'mapPage.deleted' : 'mapPage.notFound') : t('mapPage.title')}</h1>
        {gone ? <p className="muted">{t('mapPage.goneHint')}</p> : <ErrorMessage onRetry={() => void entry.refetch()}>{errorMessage(entry.error)}</ErrorMessage>}
        <Link className="button" to="/">
          {t('mapPage.home')}
        </Link>
      </div>
    );
  }
  return <MapDetails map={entry.data} player={player} />;
}

function MapDetails({ map, player }: { map: MapEntry; player: PlayMap }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { open } = useWindowActions();
  const session = useSession();
  const nameOf = useMapName();
  const name = nameOf(map);
  const description = useMapDescription()(map);
  const mine = session !== null && map.creatorId === session.user.uid;
  const worldWide = map.coverage === 'world' || map.bounds === null;
  return (
    <main className="map-page" data-testid="map-page">
      <section className="map-page__panel" aria-labelledby="map-page-title">
        <p className="map-page__kicker muted">{map.official ? t('maps.official') : t('mapPage.playerMap')}</p>
        <h1 id="map-page-title" className="map-page__title">
          {name}
        </h1>
        {!map.official && (
          <p className="map-page__author">
            {t('mapPage.madeBy')}{' '}
            {map.creatorId ? (
              <button type="button" className="link-button" onClick={() => open({ kind: 'publicProfile', userId: map.creatorId! })}>
                {map.creatorName ?? t('maps.unknownAuthor')}
              </button>
            ) : (
              (map.creatorName ?? t('maps.unknownAuthor'))
            )}
          </p>
        )}
        {description && <p className="map-page__description">{description}</p>}
        <dl className="map-page__figures">
          <div>
            <dt>{t('mapPage.locations')}</dt>
            <dd data-testid="map-page-locations">{format.number(map.loc)}</dd>
          </div>
          <div>
            <dt>{t('mapPage.likes')}</dt>
            <dd>{format.count(map.likes)}</dd>
          </div>
          <div>
            <dt>{t('mapPage.plays')}</dt>
            <dd>{format.count(map.plays)}</dd>
          </div>
          <div>
            <dt>{t('mapPage.size')}</dt>
            <dd>{format.distance(map.mmd)}</dd>
          </div>
        </dl>
        <CategoryChips map={map} />
        <OfflineNote />
        <div className="button-row map-page__actions">
          <button type="button" className="button button--primary button--large" disabled={player.pendingMapId !== null} onClick={() => player.play({ mapId: map.mapId, mapName: name })}>
            {player.pendingMapId === map.mapId ? t('maps.starting') : t('maps.play')}
          </button>
          <button type="button" className="button" onClick={() => open({ kind: 'createGame', map: { mapId: map.mapId, mapName: name } })}>
            {t('mapPage.challenge')}
          </button>
          <button type="button" className="button" onClick={() => open(session && !session.user.isAnonymous ? { kind: 'createChallenge', map: { mapId: map.mapId, mapName: name } } : { kind: 'signIn', mode: 'signUp' })} data-testid="map-create-challenge">
            {t('mapPage.createChallenge')}
          </button>
          <LikeButton map={map} size="normal" />
          {mine && map.mc === 'places' && (
            <Link className="button" to={`/mapEditor/${encodeURIComponent(map.mapId)}`}>
              {t('maps.edit')}
            </Link>
          )}
        </div>
        {player.error && (
          <p role="alert" className="error-message">
            {player.error}
          </p>
        )}
        <p className="map-page__meta muted">
          {t('mapPage.dates', { created: format.date(map.createdAt), updated: format.date(map.updatedAt) })}
          {map.copyright && (
            <>
              <br />
              {t('mapPage.source', { copyright: map.copyright })}
            </>
          )}
        </p>
      </section>
      <section className="map-page__map" aria-label={t('mapPage.extent')}>
        <MapExtent bounds={map.bounds} worldWide={worldWide} label={t('mapPage.extentOf', { name })} />
      </section>
    </main>
  );
}
