import { isoWeek, periodKey, roundFilterKeys } from './periods.js';

describe('leaderboard periods (UTC)', () => {
  it('puts 23:59:59.999 and 00:00:00 UTC in different days, and local offsets in the UTC day', () => {
    expect(periodKey('day', new Date('2026-11-25T23:59:59.999Z'))).toBe('d2026-11-25');
    expect(periodKey('day', new Date('2026-11-26T00:00:00.000Z'))).toBe('d2026-11-26');
    expect(periodKey('day', new Date('2026-11-26T00:30:00+01:00'))).toBe('d2026-11-25');
  });

  it('changes month at midnight UTC on the 1st', () => {
    expect(periodKey('month', new Date('2026-11-30T23:59:59.999Z'))).toBe('m2026-11');
    expect(periodKey('month', new Date('2026-12-01T00:00:00.000Z'))).toBe('m2026-12');
  });

  it('starts ISO weeks on Monday, and gives the turn of the year to the week holding Thursday', () => {
    expect(isoWeek(new Date('2026-11-29T23:59:59Z'))).toBe('2026-W48'); // Sunday
    expect(isoWeek(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49'); // Monday
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53'); // Friday of 2026's last week
    expect(isoWeek(new Date('2025-12-29T12:00:00Z'))).toBe('2026-W01'); // Monday of 2026's first week
  });

  it('counts a round under all, its country, and its map categories', () => {
    expect(roundFilterKeys('FR', { coverage: 'country', urbanRural: 'rural', coastalInland: 'inland', regionalFocusByCountry: 'FR', countryStreakEligible: false })).toEqual([
      'all',
      'country:FR',
      'coverage:country',
      'urbanRural:rural',
      'coastalInland:inland',
      'focus:FR',
    ]);
    expect(roundFilterKeys(null, null)).toEqual(['all']);
  });
});
