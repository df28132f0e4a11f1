import { isDuel } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { SealedPlan } from '../../arena/components/sealed-plan';
import type { GameModel } from '../hooks/use-game-view';

/** The round's deadline: the gat window once the timer has passed, else the round timer (null: no limit). */
export function roundDeadline(model: GameModel): { at: number | null; timedOut: boolean } {
  const round = model.round;
  const gatft = round?.gatft ?? model.view.gatft;
  if (gatft !== null && gatft !== undefined) return { at: gatft, timedOut: true };
  return { at: round?.crft ?? model.view.crft, timedOut: false };
}

/** Mode, round, time left and (in point modes) the player's total, top left like the solo header. */
export function GameHud({ model, now }: { model: GameModel; now: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { view } = model;
  const roundIndex = model.round?.index ?? model.lastRound?.index ?? null;
  const deadline = roundDeadline(model);
  const showTimer = view.status === 'SED';
  const remaining = deadline.at === null ? null : Math.max(0, deadline.at - now);
  const myPoints = model.me ? (model.byId.get(model.me)?.points ?? 0) : null;

  return (
    <header className="live-hud" aria-label={t('game.status')}>
      <div className="live-hud__item live-hud__mode">
        <span className="live-hud__label">{t('live.mode')}</span>
        <span className="live-hud__value" data-testid="live-mode">
          {view.origin === 'ghost' ? t('ghost.mode') : t(`live.modes.${view.gameT}`)}
        </span>
      </div>
      {roundIndex !== null && (
        <div className="live-hud__item">
          <span className="live-hud__label">{t('game.round')}</span>
          <span className="live-hud__value" data-testid="round-number">
            {isDuel(view.gameT) ? format.number(roundIndex + 1) : t('live.roundOf', { round: format.number(roundIndex + 1), total: format.number(view.nr) })}
          </span>
        </div>
      )}
      {showTimer && (
        <div className={`live-hud__item ${deadline.timedOut ? 'live-hud__item--late' : ''}`}>
          <span className="live-hud__label">{deadline.timedOut ? t('live.timeUpShort') : t('live.timeLeft')}</span>
          <span className="live-hud__value" data-testid="round-timer" role="timer" aria-live="off">
            {remaining === null ? t('live.noLimit') : format.seconds(remaining)}
          </span>
        </div>
      )}
      {(view.origin === 'arena' || view.origin === 'ghost') && <SealedPlan matchId={view.id} />}
      {myPoints !== null && !model.hitPoints && (
        <div className="live-hud__item">
          <span className="live-hud__label">{t('game.totalPoints')}</span>
          <span className="live-hud__value" data-testid="total-points">
            {format.number(myPoints)}
          </span>
        </div>
      )}
    </header>
  );
}
