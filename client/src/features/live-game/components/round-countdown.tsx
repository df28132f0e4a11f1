import { damageMultiplier, isDuel, LIVE } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useSoundOnChange } from '../../../lib/sound/use-sound-on-change';
import type { GameModel } from '../hooks/use-game-view';

/** STARTING: the 3-second countdown to the next round, on the server's clock. */
export function RoundCountdown({ model, now }: { model: GameModel; now: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { view } = model;
  const round = model.round;
  const startsAt = round?.startsAt ?? null;
  const remainingMs = startsAt === null ? LIVE.countdownMs : Math.max(0, startsAt - now);
  const seconds = Math.ceil(remainingMs / 1000);
  useSoundOnChange('tick', startsAt === null ? null : seconds);
  const index = round?.index ?? Math.max(0, view.cr);
  const multiplier = model.hitPoints ? damageMultiplier(index) : 1;

  return (
    <div className="live-countdown" data-testid="round-countdown" role="timer" aria-live="polite" aria-atomic="true">
      <p className="live-countdown__round">
        {isDuel(view.gameT) ? t('live.countdown.round', { round: format.number(index + 1) }) : t('live.countdown.roundOf', { round: format.number(index + 1), total: format.number(view.nr) })}
      </p>
      <p className="live-countdown__number" aria-label={t('live.countdown.startsIn', { count: seconds })}>
        {seconds > 0 ? format.number(seconds) : t('live.countdown.go')}
      </p>
      {multiplier > 1 && (
        <p className="live-countdown__multiplier" data-testid="damage-multiplier">
          {t('live.countdown.multiplier', { multiplier: format.decimal(multiplier) })}
        </p>
      )}
    </div>
  );
}
