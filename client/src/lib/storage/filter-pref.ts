import { type LeaderboardSort, leaderboardSortValues, type TimePeriod, timePeriodValues } from '@globetrail/contracts';
import { storageKeys } from './storage-keys';
import { readJson, writeJson } from './web-storage';

/** SPEC §3's leaderboard filter preference (`fitlerPref`): what the leaderboard shows, restored on reload. */
export interface FilterPref {
  sortBy: LeaderboardSort;
  timePeriod: TimePeriod;
  country: string;
  currentPage: number;
  mapCoverage: string | null;
  mapUrbanRural: string | null;
  mapCoastalInland: string | null;
  mapRegionalFocusByCountry: string | null;
  countryStreakOnly: boolean | null;
}

export const DEFAULT_FILTER_PREF: FilterPref = {
  sortBy: 'points',
  timePeriod: 'all',
  country: 'all',
  currentPage: 0,
  mapCoverage: null,
  mapUrbanRural: null,
  mapCoastalInland: null,
  mapRegionalFocusByCountry: null,
  countryStreakOnly: null,
};

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length < 20 ? value : null);

/** The stored preference, each field checked (a stored value from an older version falls back to its default). */
export function readFilterPref(): FilterPref {
  const stored = (readJson(storageKeys.filterPref) ?? {}) as Partial<Record<keyof FilterPref, unknown>>;
  return {
    sortBy: leaderboardSortValues.includes(stored.sortBy as LeaderboardSort) ? (stored.sortBy as LeaderboardSort) : DEFAULT_FILTER_PREF.sortBy,
    timePeriod: timePeriodValues.includes(stored.timePeriod as TimePeriod) ? (stored.timePeriod as TimePeriod) : DEFAULT_FILTER_PREF.timePeriod,
    country: text(stored.country) ?? 'all',
    currentPage: typeof stored.currentPage === 'number' && Number.isInteger(stored.currentPage) && stored.currentPage >= 0 ? stored.currentPage : 0,
    mapCoverage: text(stored.mapCoverage),
    mapUrbanRural: text(stored.mapUrbanRural),
    mapCoastalInland: text(stored.mapCoastalInland),
    mapRegionalFocusByCountry: text(stored.mapRegionalFocusByCountry),
    countryStreakOnly: typeof stored.countryStreakOnly === 'boolean' ? stored.countryStreakOnly : null,
  };
}

export const writeFilterPref = (pref: FilterPref) => writeJson(storageKeys.filterPref, pref);

/** The API query for a preference (one round filter at a time: the first one set wins). */
export function leaderboardQueryOf(pref: FilterPref, pageSize: number): URLSearchParams {
  const query = new URLSearchParams({ period: pref.timePeriod, page: String(pref.currentPage), pageSize: String(pageSize) });
  const filters: Array<[string, string | null]> = [
    ['country', pref.country === 'all' ? null : pref.country],
    ['mapCoverage', pref.mapCoverage],
    ['mapUrbanRural', pref.mapUrbanRural],
    ['mapCoastalInland', pref.mapCoastalInland],
    ['mapRegionalFocusByCountry', pref.mapRegionalFocusByCountry],
    ['countryStreakOnly', pref.countryStreakOnly ? 'true' : null],
  ];
  const first = filters.find(([, value]) => value !== null);
  if (first) query.set(first[0], first[1]!);
  return query;
}
