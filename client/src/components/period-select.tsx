import { type TimePeriod, timePeriodValues } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';

/** A choice of time period (all time, this month, week, day), for the leaderboard and the player stats. */
export function PeriodSelect({ value, onChange, testId }: { value: TimePeriod; onChange: (period: TimePeriod) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <select className="select" value={value} onChange={(event) => onChange(event.target.value as TimePeriod)} data-testid={testId}>
      {timePeriodValues.map((period) => (
        <option key={period} value={period}>
          {t(`leaderboard.period.${period}`)}
        </option>
      ))}
    </select>
  );
}
