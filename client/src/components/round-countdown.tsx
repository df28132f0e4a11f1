import './round-countdown.css';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format/use-formatters';
import { useSoundOnChange } from '../lib/sound/use-sound-on-change';

/** SPEC §2's round countdown: the time left, urgent in its last 10 seconds. */
export function RoundCountdown({ remainingMs, label }: { remainingMs: number; label?: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const urgent = remainingMs <= 10_000;
  // The last five seconds tick.
  useSoundOnChange('tick', remainingMs > 0 && remainingMs <= 5_000 ? Math.ceil(remainingMs / 1000) : null);
  return (
    <div className={`round-countdown ${urgent ? 'round-countdown--urgent' : ''}`} role="timer" aria-live="off" aria-label={label ?? t('challenges.play.timeLeft')} data-testid="round-countdown">
      {format.seconds(remainingMs)}
    </div>
  );
}
