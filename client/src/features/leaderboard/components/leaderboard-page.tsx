import './leaderboard.css';
import { coastalInlandValues, coverageValues, type LeaderboardEntry, type LeaderboardSort, leaderboardSortValues, roundSorts, urbanRuralValues } from '@globetrail/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import { PeriodSelect } from '../../../components/period-select';
import { TabList } from '../../../components/tab-list';
import { TierBadge } from '../../../components/tier-badge';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { useWindowActions } from '../../../lib/layout/windows';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { DEFAULT_FILTER_PREF, type FilterPref, readFilterPref, writeFilterPref } from '../../../lib/storage/filter-pref';
import { LEADERBOARD_PAGE_SIZE } from '../api/leaderboard-api';
import { useLeaderboard, useMyLeaderboardEntry } from '../hooks/use-leaderboard';
import { useNavigate } from '../../../lib/routing/navigation';

/** The round filters, reset together: one at a time (docs/leaderboards.md). */
const NO_FILTER = { country: 'all', mapCoverage: null, mapUrbanRural: null, mapCoastalInland: null, mapRegionalFocusByCountry: null, countryStreakOnly: null } as const;

const CATEGORY_KEYS = { mapCoverage: 'coverage', mapUrbanRural: 'urbanRural', mapCoastalInland: 'coastalInland' } as const;

/**
 * Route leaderboard/{leaderboardSortBy} (SPEC §2): seven sorts, a time period and one round filter, kept in
 * SPEC's `fitlerPref` and restored on reload, with "my rank" on each.
 */
export function LeaderboardPage({ sortBy }: { sortBy: LeaderboardSort }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const [pref, setPref] = useState<FilterPref>(() => ({ ...readFilterPref(), sortBy }));
  const panelId = useId();
  usePageTitle(t('leaderboard.title'));

  const update = (change: Partial<FilterPref>) => setPref((current) => ({ ...current, currentPage: 0, ...change }));
  useEffect(() => {
    if (pref.sortBy !== sortBy) setPref((current) => ({ ...current, sortBy, currentPage: 0 }));
  }, [sortBy]);
  useEffect(() => writeFilterPref(pref), [pref]);

  // Elo and the daily-challenge streak are all-time and take no round filter.
  const roundSort = roundSorts.has(sortBy);
  const effective: FilterPref = roundSort ? pref : { ...pref, ...NO_FILTER, timePeriod: 'all' };
  const board = useLeaderboard(sortBy, effective);
  const mine = useMyLeaderboardEntry(sortBy, effective, signedIn);
  const data = board.data;
  const myEntry = mine.data?.entry ?? null;
  const myPage = myEntry ? Math.floor((myEntry.rank - 1) / LEADERBOARD_PAGE_SIZE) : null;

  return (
    <main className="leaderboard-page" data-testid="leaderboard-page">
      <section className="leaderboard-page__panel" aria-labelledby="leaderboard-title">
        <h1 id="leaderboard-title">{t('leaderboard.title')}</h1>
        <TabList
          tabs={leaderboardSortValues}
          current={sortBy}
          onChange={(next) => navigate(`/leaderboard/${next}`)}
          labelOf={(value) => t(`leaderboard.sort.${value}`)}
          label={t('leaderboard.sortsLabel')}
          panelId={panelId}
          className="leaderboard-page__sorts"
        />
        <Filters pref={pref} disabled={!roundSort} onChange={update} />
        {signedIn && (
          <p className="leaderboard__mine" data-testid="leaderboard-my-rank">
            {myEntry ? t('leaderboard.yourPlace', { rank: format.ordinal(myEntry.rank) }) : mine.isSuccess ? t('leaderboard.notRanked') : null}
            {myPage !== null && myPage !== effective.currentPage && (
              <button type="button" className="link-button" onClick={() => setPref((current) => ({ ...current, currentPage: myPage }))}>
                {t('leaderboard.showMine')}
              </button>
            )}
          </p>
        )}
        <div id={panelId} role="tabpanel" aria-label={t(`leaderboard.sort.${sortBy}`)}>
          {board.isPending && (
            <p className="muted" role="status">
              {t('leaderboard.loading')}
            </p>
          )}
          {board.isError && <ErrorMessage onRetry={() => void board.refetch()}>{errorMessage(board.error)}</ErrorMessage>}
          {data && data.entries.length === 0 && <p className="empty-state">{t('leaderboard.emptyHere')}</p>}
          {data && data.entries.length > 0 && <Table sortBy={sortBy} entries={data.entries} you={session?.user.uid ?? null} busy={board.isFetching} />}
          {data && <Pager page={effective.currentPage} total={data.total} pageSize={data.pageSize} onPage={(page) => setPref((current) => ({ ...current, currentPage: page }))} label={t('leaderboard.pages')} />}
        </div>
      </section>
    </main>
  );
}

function Filters({ pref, disabled, onChange }: { pref: FilterPref; disabled: boolean; onChange: (change: Partial<FilterPref>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const one = (change: Partial<FilterPref>) => onChange({ ...NO_FILTER, ...change });
  const select = (field: keyof typeof CATEGORY_KEYS, values: readonly string[]) => (
    <label className="leaderboard-filter">
      <span>{t(`leaderboard.filter.${field}`)}</span>
      <select className="select" value={pref[field] ?? ''} onChange={(event) => one({ [field]: event.target.value || null })} data-testid={`filter-${field}`}>
        <option value="">{t('leaderboard.filter.any')}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {t(`maps.category.${CATEGORY_KEYS[field]}.${value}` as 'maps.category.coverage.world')}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="leaderboard-filters" disabled={disabled}>
      <legend className="visually-hidden">{t('leaderboard.filtersLabel')}</legend>
      <label className="leaderboard-filter">
        <span>{t('leaderboard.filter.period')}</span>
        <PeriodSelect value={pref.timePeriod} onChange={(timePeriod) => onChange({ timePeriod })} testId="filter-period" />
      </label>
      <label className="leaderboard-filter" htmlFor={`${id}-country`}>
        <span>{t('leaderboard.filter.country')}</span>
        <CountrySelect id={`${id}-country`} value={pref.country === 'all' ? '' : pref.country} onChange={(code) => one({ country: code || 'all' })} anyLabel={t('leaderboard.filter.anyCountry')} testId="filter-country" />
      </label>
      {select('mapCoverage', coverageValues)}
      {select('mapUrbanRural', urbanRuralValues)}
      {select('mapCoastalInland', coastalInlandValues)}
      <label className="leaderboard-filter" htmlFor={`${id}-focus`}>
        <span>{t('leaderboard.filter.mapRegionalFocusByCountry')}</span>
        <CountrySelect id={`${id}-focus`} value={pref.mapRegionalFocusByCountry ?? ''} onChange={(code) => one({ mapRegionalFocusByCountry: code || null })} anyLabel={t('leaderboard.filter.any')} />
      </label>
      <label className="leaderboard-filter leaderboard-filter--check">
        <input type="checkbox" checked={pref.countryStreakOnly === true} onChange={(event) => one({ countryStreakOnly: event.target.checked ? true : null })} data-testid="filter-streak" />
        <span>{t('leaderboard.filter.countryStreakOnly')}</span>
      </label>
      <button type="button" className="link-button" onClick={() => onChange({ ...NO_FILTER, timePeriod: DEFAULT_FILTER_PREF.timePeriod })}>
        {t('leaderboard.filter.clear')}
      </button>
      {disabled && <p className="muted leaderboard-filters__note">{t('leaderboard.allTimeOnly')}</p>}
    </fieldset>
  );
}

function Table({ sortBy, entries, you, busy }: { sortBy: LeaderboardSort; entries: LeaderboardEntry[]; you: string | null; busy: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { open } = useWindowActions();
  const value = (entry: LeaderboardEntry) => {
    switch (sortBy) {
      case 'bestGuess':
        return format.distance(entry.value);
      case 'countryStreak':
      case 'dailyStreak':
        return t('leaderboard.streak', { count: entry.value, value: format.number(entry.value) });
      default:
        return format.number(entry.value);
    }
  };
  return (
    <table className="leaderboard__table" aria-busy={busy || undefined} data-testid="leaderboard-table">
      <thead>
        <tr>
          <th scope="col">{t('leaderboard.rank')}</th>
          <th scope="col">{t('leaderboard.player')}</th>
          <th scope="col">{t('leaderboard.tier')}</th>
          <th scope="col">{t('leaderboard.level')}</th>
          <th scope="col" className="numeric">
            {t(`leaderboard.column.${sortBy}`)}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const mine = entry.uid === you;
          return (
            <tr key={entry.uid} className={mine ? 'leaderboard__row--mine' : undefined} aria-current={mine ? 'true' : undefined} data-testid={mine ? 'leaderboard-my-row' : 'leaderboard-row'}>
              <td>{format.number(entry.rank)}</td>
              <td>
                <button type="button" className="link-button" onClick={() => open({ kind: 'publicProfile', userId: entry.uid })}>
                  {entry.name}
                </button>
                {mine && <span className="badge">{t('leaderboard.you')}</span>}
              </td>
              <td>
                <TierBadge tier={entry.tier} />
              </td>
              <td>{format.number(entry.level)}</td>
              <td className="numeric" data-testid="leaderboard-value">
                {value(entry)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
