import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import type { GameModel, PlayerEntry } from '../hooks/use-game-view';
import { TierBadge } from '../../../components/tier-badge';
import { usePlayerInfo } from '../../../lib/players/use-player-info';
import { PlayerAvatar } from './player-avatar';

interface PlayersListProps {
  model: GameModel;
  players?: readonly PlayerEntry[];
  /** Before the game: who is ready. During it: points. */
  show: 'ready' | 'points';
  label: string;
}

/** Players with their connection state, host and "you" badges, and readiness or points. */
export function PlayersList({ model, players = model.players, show, label }: PlayersListProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (players.length === 0) return <p className="empty-state">{t('live.players.none')}</p>;
  return (
    <ul className="players-list" aria-label={label}>
      {players.map((player) => {
        const name = player.name.trim() || t('live.anonymous');
        const online = player.isC;
        return (
          <li key={player.id} className={`players-list__row ${player.isMe ? 'players-list__row--me' : ''}`} data-testid="player-row" data-player-id={player.id} data-online={online}>
            <PlayerAvatar id={player.id} name={name} anonymous={player.isA} offline={!online} size="small" />
            <div className="players-list__who">
              <span className="players-list__name">
                <span className="players-list__text">{name}</span>
                {!player.isA && <PlayerTier id={player.id} name={name} />}
                {player.isMe && <span className="chip chip--me">{t('live.players.you')}</span>}
                {player.isHost && (
                  <span className="chip chip--host" data-testid="host-badge">
                    {t('live.players.host')}
                  </span>
                )}
              </span>
              <span className="players-list__sub muted">
                <span className={`presence-dot ${online ? 'presence-dot--on' : ''}`} aria-hidden="true" />
                {online ? t('live.players.online') : t('live.players.offline')}
                {player.elo !== null && <> · {t('live.players.elo', { elo: format.number(player.elo) })}</>}
              </span>
            </div>
            {show === 'ready' ? (
              <span className={`players-list__state ${player.ready ? 'players-list__state--ready' : ''}`} data-testid="player-ready" data-ready={player.ready}>
                {player.ready ? t('live.players.ready') : t('live.players.notReady')}
              </span>
            ) : (
              <span className="players-list__state" data-testid="player-points">
                {t('live.players.points', { points: format.number(player.points) })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A signed-up player's ranking tier, from the session's player lookups (SPEC §4). */
function PlayerTier({ id, name }: { id: string; name: string }) {
  const tier = usePlayerInfo(id, { name, isAnon: false }).data?.tier;
  return tier ? <TierBadge tier={tier} /> : null;
}
