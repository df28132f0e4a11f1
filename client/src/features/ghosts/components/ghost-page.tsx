import './ghost-page.css';
import type { GhostSourceView } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { ShareLink } from '../../live-game/components/share-link';
import { ghostPath } from '../api/ghosts-api';
import { useGhostSource, useStartGhostDuel } from '../hooks/use-ghost-duel';

/**
 * Route ghost/{gameId}[/{playerId}] (docs/ghost-duels.md): a finished duel whose players can be duelled as
 * ghosts. With a player in the address (a challenge link) that player's ghost comes first.
 */
export function GhostPage({ gameId, playerId }: { gameId: string; playerId: string | null }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useGhostSource(gameId);
  usePageTitle(t('ghost.title'));
  if (query.isPending) return <LoadingScreen overlay label={t('ghost.loading')} />;
  if (query.isError) {
    const missing = isApiRequestError(query.error) && (query.error.status === 404 || query.error.status === 409);
    return (
      <div className="center-card ghost-missing" role="alert" data-testid="ghost-missing">
        <h1>{t('ghost.title')}</h1>
        {missing ? <p>{errorMessage(query.error)}</p> : <ErrorMessage onRetry={() => void query.refetch()}>{errorMessage(query.error)}</ErrorMessage>}
        <Link className="button" to="/">
          {t('ghost.home')}
        </Link>
      </div>
    );
  }
  return <GhostDetails source={query.data} chosen={playerId} />;
}

function GhostDetails({ source, chosen }: { source: GhostSourceView; chosen: string | null }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const start = useStartGhostDuel();
  const playable = source.players.filter((player) => !player.ghost);
  // The player the link names first, then the winner.
  const ordered = [...playable].sort((a, b) => Number(b.playerId === chosen) - Number(a.playerId === chosen) || Number(b.won) - Number(a.won));
  const named = chosen ? playable.find((player) => player.playerId === chosen) : undefined;
  const played = new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(source.endedAt));
  return (
    <main className="ghost-page" data-testid="ghost-page">
      <section className="ghost-card">
        <p className="muted ghost-page__kicker">{t('ghost.kicker')}</p>
        <h1>{named ? t('ghost.duel', { name: named.name }) : t('ghost.title')}</h1>
        <p className="muted">{t('ghost.intro')}</p>
        <dl className="ghost-facts">
          <div>
            <dt>{t('ghost.facts.map')}</dt>
            <dd>{source.mapName}</dd>
          </div>
          <div>
            <dt>{t('ghost.facts.rounds')}</dt>
            <dd data-testid="ghost-rounds">{format.number(source.rounds)}</dd>
          </div>
          <div>
            <dt>{t('ghost.facts.roundTime')}</dt>
            <dd>{source.rl === -1 ? t('ghost.noLimit') : format.seconds(source.rl * 1000)}</dd>
          </div>
          <div>
            <dt>{t('ghost.facts.played')}</dt>
            <dd>{played}</dd>
          </div>
        </dl>
        {chosen && !named && <p role="alert">{t('ghost.unknownPlayer')}</p>}
        <ul className="ghost-players">
          {ordered.map((player) => (
            <li key={player.playerId} className="ghost-player" data-testid="ghost-player" data-player-id={player.playerId}>
              <span className="ghost-player__name">
                {player.name}
                <span aria-hidden="true"> 👻</span>
              </span>
              <span className="muted ghost-player__result">
                {player.won ? t('ghost.won') : t('ghost.lost')}
                {player.hp !== null && ` · ${t('ghost.hp', { hp: format.number(player.hp) })}`}
              </span>
              <button
                type="button"
                className={`button ${player === ordered[0] ? 'button--primary' : ''}`}
                onClick={() => start.mutate({ gameId: source.gameId, playerId: player.playerId })}
                disabled={start.isPending}
                data-testid="start-ghost-duel"
              >
                {start.isPending && start.variables?.playerId === player.playerId && <span className="spinner spinner--small" aria-hidden="true" />}
                {t('ghost.duel', { name: player.name })}
              </button>
            </li>
          ))}
        </ul>
        {start.isError && <ErrorMessage>{errorMessage(start.error)}</ErrorMessage>}
        {ordered[0] && <ShareLink path={ghostPath(source.gameId, ordered[0].playerId)} label={t('ghost.share', { name: ordered[0].name })} />}
        <p className="ghost-page__links">
          {(source.origin === 'arena' || source.origin === 'ghost') && (
            <Link to={`/arena/${encodeURIComponent(source.gameId)}/audit`} data-testid="ghost-audit-link">
              {t('ghost.audit')}
            </Link>
          )}
          <Link to="/">{t('ghost.home')}</Link>
        </p>
      </section>
    </main>
  );
}
