export const METERS_PER_MILE = 1609.344;
export const FEET_PER_METER = 3.28;

export type DistanceUnit = 'km' | 'm' | 'mi' | 'ft';
export interface DisplayDistance {
  value: number;
  unit: DistanceUnit;
}

/**
 * SPEC §9: kilometres above 1000 m (else metres); with miles chosen, miles above 1609 m (else feet
 * at 3.28 per metre). Decision: below 10 of the large unit one decimal, above it whole numbers.
 */
export function displayDistance(meters: number, useMiles: boolean): DisplayDistance {
  const d = Math.max(0, meters);
  if (useMiles) {
    if (d > 1609) return { value: roundLarge(d / METERS_PER_MILE), unit: 'mi' };
    return { value: Math.round(d * FEET_PER_METER), unit: 'ft' };
  }
  if (d > 1000) return { value: roundLarge(d / 1000), unit: 'km' };
  return { value: Math.round(d), unit: 'm' };
}

function roundLarge(value: number): number {
  return value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
}

/** SPEC §9: under 15 s with one decimal ("9.4"), otherwise minutes:seconds ("1:05"). */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 15) return (Math.floor(s * 10) / 10).toFixed(1);
  const whole = Math.floor(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** English ordinal suffix (st/nd/rd/th); 11–13 take "th". */
export function ordinal(n: number): string {
  const mod100 = Math.abs(n) % 100;
  const mod10 = Math.abs(n) % 10;
  const suffix = mod100 >= 11 && mod100 <= 13 ? 'th' : mod10 === 1 ? 'st' : mod10 === 2 ? 'nd' : mod10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

export const COMPACT_THRESHOLD = 10_000_000;

/** Counts in full with grouping; compact notation ("12M") only above 10 million (SPEC §9). */
export function formatCount(n: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, n > COMPACT_THRESHOLD ? { notation: 'compact', maximumFractionDigits: 1 } : {}).format(n);
}
