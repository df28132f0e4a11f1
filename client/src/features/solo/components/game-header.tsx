import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

interface GameHeaderProps {
  roundNumber: number;
  totalPoints: number;
  mapName: string;
}

export function GameHeader({ roundNumber, totalPoints, mapName }: GameHeaderProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <header className="game-header" aria-label={t('game.status')}>
      <div className="game-header__item">
        <span className="game-header__label">{t('game.round')}</span>
        <span className="game-header__value" data-testid="round-number">
          {format.number(roundNumber)}
        </span>
      </div>
      <div className="game-header__item">
        <span className="game-header__label">{t('game.totalPoints')}</span>
        <span className="game-header__value" data-testid="total-points">
          {format.number(totalPoints)}
        </span>
      </div>
      <div className="game-header__item game-header__item--map">
        <span className="game-header__label">{t('game.map')}</span>
        <span className="game-header__value">{mapName}</span>
      </div>
    </header>
  );
}
