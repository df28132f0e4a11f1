import { MAX_SCORE } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format/use-formatters';

/** Points out of 10,000 as a meter. */
export function ScoreBar({ points }: { points: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const ratio = Math.max(0, Math.min(1, points / MAX_SCORE));
  return (
    <div
      className="score-bar"
      role="meter"
      aria-valuemin={0}
      aria-valuemax={MAX_SCORE}
      aria-valuenow={points}
      aria-label={t('result.scoreBar', { max: format.number(MAX_SCORE) })}
    >
      <div className="score-bar__fill" style={{ width: `${ratio * 100}%` }} />
    </div>
  );
}
