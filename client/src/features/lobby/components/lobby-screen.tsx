import './lobby.css';
import type { OpenDuel } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { gamePath } from '../../../lib/live/create-game';
import { useLiveConnected } from '../../../lib/live/use-live-connection';
import { useProfile } from '../../../lib/session/profile-query';
import { useSession } from '../../../lib/session/use-session';
import { useLobby } from '../hooks/use-lobby';
import { OpenDuelForm } from './open-duel-form';

/** Route game/lobby: duels waiting for an opponent, live, and a form to open one. */
export function LobbyScreen() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const lobby = useLobby();
  const connected = useLiveConnected();
  const duels = lobby.data?.duels ?? [];

  return (
    <main className="room-page" data-testid="lobby-screen" aria-labelledby="lobby-title">
      <div className="room-page__card">
        <header className="room-page__header">
          <p className="room-page__eyebrow">{t('live.modes.B')}</p>
          <h1 id="lobby-title" className="room-page__title">
            {t('lobby.title')}
          </h1>
          <p className="muted">{t('lobby.intro')}</p>
        </header>

        <OpenDuelForm />

        <section aria-labelledby="open-duels-title">
          <h2 id="open-duels-title" className="room-page__section-title">
            {t('lobby.openDuels')}
            {!connected && (
              <span className="room-page__status muted" role="status">
                {' '}
                · {t('live.reconnecting')}
              </span>
            )}
          </h2>
          {lobby.isPending && <LoadingScreen label={t('lobby.loading')} />}
          {lobby.isError && <ErrorMessage onRetry={() => void lobby.refetch()}>{errorMessage(lobby.error)}</ErrorMessage>}
          {lobby.isSuccess && duels.length === 0 && (
            <p className="empty-state" data-testid="lobby-empty">
              {t('lobby.empty')}
            </p>
          )}
          {duels.length > 0 && (
            <ul className="duel-list" aria-label={t('lobby.openDuels')} data-testid="duel-list">
              {duels.map((duel) => (
                <DuelRow key={duel.gameId} duel={duel} />
              ))}
            </ul>
          )}
        </section>
        <p className="room-page__footer">
          <Link to="/game/arena">{t('lobby.toArena')}</Link>
        </p>
      </div>
    </main>
  );
}

function DuelRow({ duel }: { duel: OpenDuel }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const session = useSession();
  const profile = useProfile().data;
  const mine = session?.user.uid === duel.host.id;
  const myElo = profile?.elo ?? null;
  const tooLow = !mine && duel.mElo !== null && myElo !== null && myElo < duel.mElo;
  const hostName = duel.host.name.trim() || t('live.anonymous');
  const roundTime = duel.rl < 0 ? t('live.noLimit') : t('units.s', { value: format.number(duel.rl) });

  return (
    <li className="duel-row" data-testid="duel-row" data-game-id={duel.gameId}>
      <div className="duel-row__who">
        <span className="avatar avatar--small" aria-hidden="true">
          {(hostName[0] ?? '?').toUpperCase()}
        </span>
        <div>
          <p className="duel-row__name">
            {hostName}
            {mine && <span className="chip chip--me">{t('live.players.you')}</span>}
          </p>
          <p className="duel-row__facts muted">
            {duel.host.elo !== null ? t('live.players.elo', { elo: format.number(duel.host.elo) }) : t('lobby.unrated')}
            {' · '}
            {duel.mElo !== null ? t('lobby.minElo', { elo: format.number(duel.mElo) }) : t('lobby.noMinElo')}
            {' · '}
            {t('lobby.roundTime', { time: roundTime })}
          </p>
        </div>
      </div>
      <div className="duel-row__action">
        {mine ? (
          <Link className="button button--small" to={gamePath(duel.gameId)}>
            {t('lobby.openMine')}
          </Link>
        ) : tooLow ? (
          <>
            <button type="button" className="button button--small" disabled aria-describedby={`too-low-${duel.gameId}`}>
              {t('lobby.join')}
            </button>
            <span id={`too-low-${duel.gameId}`} className="duel-row__note" data-testid="elo-too-low">
              {t('lobby.tooLow', { elo: format.number(duel.mElo ?? 0), mine: format.number(myElo ?? 0) })}
            </span>
          </>
        ) : (
          <Link className="button button--primary button--small" to={gamePath(duel.gameId)} aria-label={t('lobby.joinNamed', { name: hostName })} data-testid="join-duel">
            {t('lobby.join')}
          </Link>
        )}
      </div>
    </li>
  );
}
