import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GameModel } from '../hooks/use-game-view';
import { useNavigate } from '../../../lib/routing/navigation';

/** SPEC §4: an abandoned duel with a minimum Elo (a lobby duel) sends its players back to the duels lobby. */
const BACK_TO_LOBBY_MS = 5_000;

export function GameAbandoned({ model }: { model: GameModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { view } = model;
  const toLobby = view.gameT === 'D' && (view.mElo !== null || view.origin === 'lobby');

  useEffect(() => {
    if (!toLobby || !model.isPlayer) return;
    const timer = setTimeout(() => navigate('/game/lobby', { replace: true }), BACK_TO_LOBBY_MS);
    return () => clearTimeout(timer);
  }, [toLobby, model.isPlayer, navigate]);

  return (
    <div className="live-page" data-testid="game-abandoned">
      <div className="live-page__card">
        <h1 className="live-page__title">{t('live.abandoned.title')}</h1>
        <p>{t('live.abandoned.text')}</p>
        {toLobby && model.isPlayer && <p className="muted" role="status">{t('live.abandoned.backToLobby')}</p>}
        <div className="live-page__actions">
          <Link className="button button--primary" to="/game/lobby" data-testid="back-to-lobby">
            {t('live.toLobby')}
          </Link>
          <Link className="button" to="/game/arena">
            {t('live.toArena')}
          </Link>
        </div>
      </div>
    </div>
  );
}
