import './ghost-page.css';
import type { PlayerDuel } from '@globetrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { getPlayerDuels, ghostPath } from '../api/ghosts-api';

/**
 * A profile's latest finished duels (docs/ghost-duels.md): the opponent, the outcome, and the way to duel
 * this player's ghost on that duel's rounds; ranked and ghost duels also link to their audit.
 */
export function RecentDuels({ userId, name, onNavigate }: { userId: string; name: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const format = useFormatters();
  const duels = useQuery({ queryKey: ['player-duels', userId], queryFn: ({ signal }) => getPlayerDuels(userId, signal) });
  const date = (iso: string) => new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium' }).format(new Date(iso));
  const opponent = (duel: PlayerDuel) => (duel.opponent.name === null ? t('live.anonymous') : duel.opponent.ghost ? `${duel.opponent.name} 👻` : duel.opponent.name);
  return (
    <section className="recent-duels" aria-labelledby="recent-duels-title" data-testid="recent-duels">
      <h3 id="recent-duels-title">{t('ghost.recent.title')}</h3>
      {duels.isPending && <p className="muted">{t('ghost.recent.loading')}</p>}
      {duels.isError && <ErrorMessage onRetry={() => void duels.refetch()}>{errorMessage(duels.error)}</ErrorMessage>}
      {duels.data?.duels.length === 0 && <p className="muted">{t('ghost.recent.none')}</p>}
      {duels.data && duels.data.duels.length > 0 && (
        <ul className="recent-duels__list">
          {duels.data.duels.map((duel) => (
            <li key={`${duel.gameId}-${duel.endedAt}`} className="recent-duels__item" data-testid="recent-duel" data-game-id={duel.gameId}>
              <span className={`recent-duels__outcome recent-duels__outcome--${duel.outcome}`}>{duel.outcome === 'won' ? t('ghost.won') : duel.outcome === 'lost' ? t('ghost.lost') : t('ghost.recent.draw')}</span>
              <span className="recent-duels__who">
                {t('ghost.recent.versus', { name: opponent(duel) })}
                <span className="muted">
                  {' · '}
                  {duel.origin === 'ghost' ? t('ghost.mode') : t(`live.modes.${duel.gameT}`)} · {date(duel.endedAt)}
                </span>
              </span>
              <span className="recent-duels__links">
                {(duel.origin === 'arena' || duel.origin === 'ghost') && (
                  <Link to={`/arena/${encodeURIComponent(duel.gameId)}/audit`} onClick={onNavigate}>
                    {t('audit.title')}
                  </Link>
                )}
                <Link className="button button--small" to={ghostPath(duel.gameId, userId)} onClick={onNavigate} data-testid="recent-duel-ghost">
                  {t('ghost.duel', { name })}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
