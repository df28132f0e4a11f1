import type { MapCategories, TimePeriod } from '@globetrail/contracts';

/** The ISO 8601 week of a UTC instant, `2026-W48` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The key of the period holding `at` (UTC): `all`, `m2026-11`, `w2026-W48`, `d2026-11-26`. */
export function periodKey(period: TimePeriod, at: Date): string {
  const iso = at.toISOString();
  switch (period) {
    case 'all':
      return 'all';
    case 'month':
      return `m${iso.slice(0, 7)}`;
    case 'week':
      return `w${isoWeek(at)}`;
    case 'day':
      return `d${iso.slice(0, 10)}`;
  }
}

/**
 * The round filters a scored round counts under (docs/leaderboards.md): every round counts under `all`;
 * under its target's country; and, when its map's categories are known, under each of them.
 */
export function roundFilterKeys(targetCountryCode: string | null, categories: MapCategories | null | undefined): string[] {
  const keys = ['all'];
  if (targetCountryCode) keys.push(`country:${targetCountryCode}`);
  if (categories) {
    keys.push(`coverage:${categories.coverage}`, `urbanRural:${categories.urbanRural}`, `coastalInland:${categories.coastalInland}`);
    if (categories.regionalFocusByCountry) keys.push(`focus:${categories.regionalFocusByCountry}`);
    if (categories.countryStreakEligible) keys.push('streak:yes');
  }
  return keys;
}

/** A row's scope: a period key and a filter key. */
export const scopeOf = (periodKey: string, filterKey: string) => `${periodKey}|${filterKey}`;
export const ALL_TIME = scopeOf('all', 'all');
