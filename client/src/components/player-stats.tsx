import { type StatsGroup, statsGroupValues, type TimePeriod } from '@globetrail/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithRetry } from '../lib/errors/module-import';
import { ErrorMessage } from './error-message';
import { PeriodSelect } from './period-select';
import { StatList } from './stat-list';
import { useErrorMessage } from '../lib/api/use-error-message';
import { useFormatters } from '../lib/format/use-formatters';
import { getUserStats, userStatsQueryKey } from '../lib/api/user-stats';

const StatsChart = lazy(() => importWithRetry(() => import('./stats-chart')));

/** A player's stats over a period (SPEC §7 userstats) and the chart of their points and rounds over time. */
export function PlayerStats({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const id = useId();
  const [period, setPeriod] = useState<TimePeriod>('all');
  const [group, setGroup] = useState<StatsGroup>('g');
  const stats = useQuery({ queryKey: [...userStatsQueryKey(userId), period, group], queryFn: ({ signal }) => getUserStats(userId, period, group, signal), placeholderData: keepPreviousData });
  const data = stats.data;
  return (
    <section className="player-stats" aria-labelledby={`${id}-title`} data-testid="player-stats">
      <div className="player-stats__head">
        <h3 id={`${id}-title`}>{t('stats.title')}</h3>
        <label>
          <span className="visually-hidden">{t('leaderboard.filter.period')}</span>
          <PeriodSelect value={period} onChange={setPeriod} testId="stats-period" />
        </label>
        <label>
          <span className="visually-hidden">{t('stats.groupLabel')}</span>
          <select className="select" value={group} onChange={(event) => setGroup(event.target.value as StatsGroup)} data-testid="stats-group">
            {statsGroupValues.map((value) => (
              <option key={value} value={value}>
                {t(`stats.group.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stats.isPending && (
        <p className="muted" role="status">
          {t('stats.loading')}
        </p>
      )}
      {stats.isError && <ErrorMessage onRetry={() => void stats.refetch()}>{errorMessage(stats.error)}</ErrorMessage>}
      {data && (
        <>
          <StatList
            stats={[
              { label: t('stats.rounds'), value: format.number(data.games), testId: 'stats-rounds' },
              { label: t('stats.points'), value: format.number(data.points), testId: 'stats-points' },
              { label: t('stats.average'), value: format.number(data.averagePoints), testId: 'stats-average' },
              { label: t('stats.perfect'), value: format.number(data.perfectRounds), testId: 'stats-perfect' },
              { label: t('stats.countryHits'), value: data.games === 0 ? '—' : `${format.number(data.countryHits)} (${Math.round((data.countryHits / data.games) * 100)} %)`, testId: 'stats-country-hits' },
              { label: t('stats.bestGuess'), value: data.bestGuessInMeters === null ? '—' : format.distance(data.bestGuessInMeters), testId: 'stats-best-guess' },
              { label: t('stats.longestStreak'), value: format.number(data.bestCountryStreak), testId: 'stats-streak' },
            ]}
          />
          {data.series.length === 0 ? (
            <p className="muted">{t('stats.noRounds')}</p>
          ) : (
            <Suspense fallback={<p className="muted">{t('stats.loadingChart')}</p>}>
              <StatsChart series={data.series} labels={{ points: t('stats.points'), games: t('stats.rounds') }} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
