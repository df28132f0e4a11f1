import { useTranslation } from 'react-i18next';
import type { GameModel } from '../hooks/use-game-view';

/** Who has confirmed a guess this round (answer-blind: only whether, not where). */
export function GuessStatus({ model }: { model: GameModel }) {
  const { t } = useTranslation();
  const round = model.round;
  if (!round) return null;
  const guessed = model.players.filter((player) => round.gus[player.id]?.isF === true).length;
  return (
    <section className="guess-status" aria-label={t('live.guessStatus.label')} data-testid="guess-status">
      <p className="guess-status__count">{t('live.guessStatus.count', { guessed, total: model.players.length })}</p>
      <ul className="guess-status__list">
        {model.players.map((player) => {
          const done = round.gus[player.id]?.isF === true;
          const name = player.name.trim() || t('live.anonymous');
          return (
            <li key={player.id} className={`guess-status__player ${done ? 'guess-status__player--done' : ''}`} data-testid="guess-status-player" data-player-id={player.id} data-guessed={done}>
              <span className="guess-status__mark" aria-hidden="true">
                {done ? '✓' : '○'}
              </span>
              <span className="guess-status__name">{player.isMe ? t('live.players.you') : name}</span>
              <span className="visually-hidden">{done ? t('live.guessStatus.guessed') : t('live.guessStatus.thinking')}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
