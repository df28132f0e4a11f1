import { type ChallengeRules, type DailyVariant, dailyVariants } from '@globetrail/contracts';

/** The UTC day of an instant, `YYYY-MM-DD`: the daily challenges' and the streaks' day. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The day before a `YYYY-MM-DD` day. */
export function previousDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));
}

/** SPEC §3's 8-character date string of a day. */
export const compactDay = (day: string) => day.replaceAll('-', '');

/** SPEC §3 special challenge keys: the day, plus -NM, -NMPZ or -Blink. They are the daily challenges' ids. */
export const dailyKeys = (day: string) => dailyVariants.map((variant) => `${day}${variant}`);

const DAILY_KEY = /^(\d{4}-\d{2}-\d{2})(|-NM|-NMPZ|-Blink)$/;
export function parseDailyKey(key: string): { day: string; variant: DailyVariant } | null {
  const match = DAILY_KEY.exec(key);
  if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return null;
  return { day: match[1]!, variant: match[2] as DailyVariant };
}

/** The daily challenges all draw from the default map, World (docs/challenges.md). */
export const DAILY_MAP_ID = 'world';
export const DAILY_ROUNDS = 5;

/**
 * The settings of each daily: 5 rounds of World, 3 minutes a round (No Move: 3 minutes, NMPZ: 1 minute),
 * Blink: the picture for 2 seconds.
 */
export function dailyRules(day: string, variant: DailyVariant): ChallengeRules {
  const label = { '': '', '-NM': ' (No Move)', '-NMPZ': ' (NMPZ)', '-Blink': ' (Blink)' }[variant];
  return {
    t: `Daily challenge ${day}${label}`,
    d: '',
    sd: Date.parse(`${day}T00:00:00Z`) / 1000,
    ed: null,
    ip: false,
    nm: variant === '-NM',
    nmpz: variant === '-NMPZ',
    hsn: false,
    rl: variant === '-Blink' ? 2 : variant === '-NMPZ' ? 60 : 180,
    gat: true,
    mlte: 0,
    dmdp1: 0,
    dmdp2: -1,
  };
}

