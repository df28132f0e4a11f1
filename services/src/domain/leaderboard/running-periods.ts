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
  for (const kind of KINDS) {
    const key = periodKey(kind, at);
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
