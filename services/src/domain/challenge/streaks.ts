import { compactDay, previousDay } from './daily.js';

export type VisitOutcome = 'started' | 'increased' | 'continued' | 'ended' | 'lost';

export interface VisitStreak {
  lastDay: string | null;
  dvs: number;
  dvsb: number;
  /** What the last day's first visit did to the streak: every check that day answers the same. */
  outcome: VisitOutcome;
}

/**
 * SPEC §4's daily visit streak, checked once per UTC day: the day after the last visit adds one
 * (increased); the same day changes nothing (continued); a gap restarts it at 1 — "ended" when exactly one
 * day was missed after a streak of 2 or more, "lost" when more were, "started" when there was no streak.
 */
export function nextVisitStreak(streak: VisitStreak, today: string): { dvs: number; dvsb: number; outcome: VisitOutcome } {
  const { lastDay, dvs, dvsb } = streak;
  if (lastDay === today) return { dvs, dvsb, outcome: 'continued' };
  if (lastDay !== null && lastDay === previousDay(today)) return { dvs: dvs + 1, dvsb: Math.max(dvsb, dvs + 1), outcome: 'increased' };
  const outcome: VisitOutcome = lastDay === null || dvs < 2 ? 'started' : lastDay === previousDay(previousDay(today)) ? 'ended' : 'lost';
  return { dvs: 1, dvsb: Math.max(dvsb, 1), outcome };
}

/** SPEC §3's answer for a visit: the streak, or -1 (ended) / -2 (lost) on the day it broke. */
export function visitStreakAnswer(dvs: number, outcome: VisitOutcome): number {
  if (outcome === 'ended') return -1;
  if (outcome === 'lost') return -2;
  return dvs;
}

export interface DailyChallengeStreak {
  dcs: number;
  dcsb: number;
  /** `YYYYMMDD`, '' before the first daily. */
  dcsd: string;
}

/** A daily challenge completed on `day` (UTC): counts the day once; yesterday's streak goes on, an older one restarts. */
export function nextDailyChallengeStreak(streak: DailyChallengeStreak, day: string): DailyChallengeStreak | null {
  const today = compactDay(day);
  if (streak.dcsd === today) return null;
  const dcs = streak.dcsd === compactDay(previousDay(day)) ? streak.dcs + 1 : 1;
  return { dcs, dcsb: Math.max(streak.dcsb, dcs), dcsd: today };
}

/** The streak as it stands on `day`: kept while its last daily was today or yesterday, else 0. */
export function dailyChallengeStreakOn(streak: DailyChallengeStreak, day: string): DailyChallengeStreak {
  const alive = streak.dcsd === compactDay(day) || streak.dcsd === compactDay(previousDay(day));
  return alive ? streak : { ...streak, dcs: 0 };
}
