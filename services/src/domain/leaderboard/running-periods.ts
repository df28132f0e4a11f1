import { periodKey } from './periods.js';

/** The period keys the leaderboards keep rows for: those of the newest scored round (UTC). */
export interface RunningPeriods {
  month: string;
  week: string;
  day: string;
}

export interface PeriodStep {
  /** The running periods once the round is counted. */
  running: RunningPeriods;
  /** Whether they changed (a new day, week or month began, or the first round ever). */
  moved: boolean;
  /** The period keys the round ended: their rows, totals and bucket counts go. */
  ended: string[];
  /** The period keys the round counts in: all time, and each of its periods still running. */
  counts: string[];
}

const KINDS = ['month', 'week', 'day'] as const;

/**
 * A scored round at `at` against the running periods (null before the first round). The clock is the
 * rounds' own time, so a rebuild decides exactly as the live projection did: a round of a later period
 * ends the running one; a round scored for a period that already ended (a late submission around
 * midnight) counts all time and in its periods still running, not in the ended one nobody reads.
 * Keys compare as text in time order (`d2026-11-26`, `w2026-W48`, `m2026-11`).
 */
export function runningPeriods(before: RunningPeriods | null, at: Date): PeriodStep {
  const running = { ...(before ?? { month: '', week: '', day: '' }) };
  const ended: string[] = [];
  const counts = ['all'];
  let moved = before === null;
  const keys = periodKeysOf(at);
  for (const kind of KINDS) {
    const key = keys[kind];
    const current = before?.[kind];
    if (current === undefined || key > current) {
      if (current !== undefined) ended.push(current);
      running[kind] = key;
      moved = true;
    } else if (key < current) continue;
    counts.push(key);
  }
  return { running, moved, ended, counts };
}

/** The last UTC day's period keys: consecutive rounds mostly fall on the same day (a rebuild asks 300,000 times per 1,000,000 events). */
let lastDay: { day: number; keys: RunningPeriods } | null = null;

/** The month, week and day keys of the UTC day holding `at`. */
function periodKeysOf(at: Date): RunningPeriods {
  const day = Math.floor(at.getTime() / 86_400_000);
  if (lastDay?.day !== day) lastDay = { day, keys: { month: periodKey('month', at), week: periodKey('week', at), day: periodKey('day', at) } };
  return lastDay.keys;
}

/**
 * Of the period keys a round counts in, those not ended by `later` (the running periods a later round
 * will have made — in a rebuild, the log's last scored round's): a key of an earlier period than
 * `later`'s of its kind is deleted by then, so its rows need not be made at all.
 */
export function outliving(counts: readonly string[], later: RunningPeriods): string[] {
  return counts.filter((key) => {
    const kind = key.startsWith('m') ? 'month' : key.startsWith('w') ? 'week' : key.startsWith('d') ? 'day' : null;
    return kind === null || key >= later[kind];
  });
}
