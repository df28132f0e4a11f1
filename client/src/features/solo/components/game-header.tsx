import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

interface GameHeaderProps {
  roundNumber: number;
  totalPoints: number;
  mapName: string;
  /** The map's name opens the maps selector: where a player looks to play another map. */
  onChooseMap: () => void;
  /** Opens the session's summary; null before any round has a result. */
  onSummary: (() => void) | null;
}

export function GameHeader({ roundNumber, totalPoints, mapName, onChooseMap, onSummary }: GameHeaderProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const total = (
    <>
      <span className="game-header__label">{t('game.totalPoints')}</span>
      <span className="game-header__value" data-testid="total-points">
        {format.number(totalPoints)}
      </span>
    </>
  );
  return (
    <header className="game-header" aria-label={t('game.status')}>
      <div className="game-header__item">
        <span className="game-header__label">{t('game.round')}</span>
        <span className="game-header__value" data-testid="round-number">
          {format.number(roundNumber)}
        </span>
      </div>
      {/* The total opens the session's summary once there is something to sum up (single player has no end). */}
      {onSummary ? (
        <button type="button" className="game-header__item" onClick={onSummary} title={t('summary.open')} data-testid="game-summary">
          {total}
        </button>
      ) : (
        <div className="game-header__item">{total}</div>
      )}
      <button type="button" className="game-header__item game-header__item--map" onClick={onChooseMap} title={t('game.chooseMap')} data-testid="game-map-name">
        <span className="game-header__label">{t('game.map')}</span>
        <span className="game-header__value">{mapName}</span>
      </button>
    </header>
  );
}
