import { roundClock } from '../round-clock.js';
import { challengeRoundPoints, challengeWindow } from './challenge-rules.js';
import { dailyKeys, dailyRules, parseDailyKey, previousDay, utcDay } from './daily.js';
import { dailyChallengeStreakOn, nextDailyChallengeStreak, nextVisitStreak, visitStreakAnswer } from './streaks.js';

describe('daily challenge days and keys (UTC)', () => {
  it('a day is the UTC date: 23:59:59 and 00:00:00 UTC are different days whatever the local zone', () => {
    expect(utcDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(utcDay(new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
    expect(utcDay(new Date('2026-11-26T01:30:00+02:00'))).toBe('2026-11-25');
  });

  it('the day before crosses months and years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('four keys a day (SPEC §3: the day, -NM, -NMPZ, -Blink), and back', () => {
    expect(dailyKeys('2026-11-26')).toEqual(['2026-11-26', '2026-11-26-NM', '2026-11-26-NMPZ', '2026-11-26-Blink']);
    expect(parseDailyKey('2026-11-26-Blink')).toEqual({ day: '2026-11-26', variant: '-Blink' });
    expect(parseDailyKey('2026-11-26-Fast')).toBeNull();
    expect(parseDailyKey('abc')).toBeNull();
  });

  it('each variant has its rules: No Move, NMPZ, a 2 s Blink', () => {
    expect(dailyRules('2026-11-26', '-NM')).toMatchObject({ nm: true, nmpz: false, rl: 180 });
    expect(dailyRules('2026-11-26', '-NMPZ')).toMatchObject({ nm: false, nmpz: true, rl: 60 });
    expect(dailyRules('2026-11-26', '-Blink')).toMatchObject({ rl: 2 });
    expect(dailyRules('2026-11-26', '')).toMatchObject({ t: 'Daily challenge 2026-11-26', sd: Date.parse('2026-11-26T00:00:00Z') / 1000 });
  });
});

describe('challenge rules', () => {
  it('scores by SPEC §9 unless within dmdp1 (full score) or beyond dmdp2 (nothing)', () => {
    const standard = challengeRoundPoints(1_000_000, 20_037_500, { dmdp1: 0, dmdp2: -1 });
    expect(standard).toBe(Math.round(10_000 * Math.exp((-10 * 1_000_000) / 20_037_500)));
    expect(challengeRoundPoints(20, 20_037_500, { dmdp1: 25, dmdp2: -1 })).toBe(10_000);
    expect(challengeRoundPoints(1_000_000, 20_037_500, { dmdp1: 0, dmdp2: 500_000 })).toBe(0);
  });

  it('has no clock without a time limit', () => {
    expect(roundClock({ rl: -1, gat: true }, new Date(0))).toBeNull();
  });

  it('is open between sd (included) and ed (excluded)', () => {
    const rules = { sd: 100, ed: 200 };
    expect(challengeWindow(rules, new Date(99_999))).toBe('not_started');
    expect(challengeWindow(rules, new Date(100_000))).toBe('open');
    expect(challengeWindow(rules, new Date(200_000))).toBe('ended');
  });
});

describe('daily visit streak (SPEC §4)', () => {
  const streak = (lastDay: string | null, dvs: number, dvsb = dvs) => ({ lastDay, dvs, dvsb, outcome: 'started' as const });

  it('starts at 1, increases the next day, continues the same day', () => {
    expect(nextVisitStreak(streak(null, 0), '2026-11-26')).toEqual({ dvs: 1, dvsb: 1, outcome: 'started' });
    expect(nextVisitStreak(streak('2026-11-25', 3), '2026-11-26')).toEqual({ dvs: 4, dvsb: 4, outcome: 'increased' });
    expect(nextVisitStreak(streak('2026-11-26', 3, 7), '2026-11-26')).toEqual({ dvs: 3, dvsb: 7, outcome: 'continued' });
  });

  it('ends (-1) when exactly one day was missed, is lost (-2) when more were; the best stays', () => {
    const ended = nextVisitStreak(streak('2026-11-24', 5), '2026-11-26');
    expect(ended).toEqual({ dvs: 1, dvsb: 5, outcome: 'ended' });
    expect(visitStreakAnswer(ended.dvs, ended.outcome)).toBe(-1);
    const lost = nextVisitStreak(streak('2026-11-01', 5), '2026-11-26');
    expect(lost.outcome).toBe('lost');
    expect(visitStreakAnswer(lost.dvs, lost.outcome)).toBe(-2);
    expect(nextVisitStreak(streak('2026-11-01', 1), '2026-11-26').outcome).toBe('started');
  });

  it('crosses a month boundary as one day', () => {
    expect(nextVisitStreak(streak('2026-11-30', 2), '2026-12-01').outcome).toBe('increased');
  });
});

describe('daily challenge streak', () => {
  it('counts a day once, goes on from yesterday, restarts after a gap', () => {
    expect(nextDailyChallengeStreak({ dcs: 0, dcsb: 0, dcsd: '' }, '2026-11-26')).toEqual({ dcs: 1, dcsb: 1, dcsd: '20261126' });
    expect(nextDailyChallengeStreak({ dcs: 1, dcsb: 1, dcsd: '20261126' }, '2026-11-26')).toBeNull();
    expect(nextDailyChallengeStreak({ dcs: 4, dcsb: 4, dcsd: '20261125' }, '2026-11-26')).toEqual({ dcs: 5, dcsb: 5, dcsd: '20261126' });
    expect(nextDailyChallengeStreak({ dcs: 4, dcsb: 6, dcsd: '20261120' }, '2026-11-26')).toEqual({ dcs: 1, dcsb: 6, dcsd: '20261126' });
  });

  it('reads as 0 once a whole day passed without a daily', () => {
    expect(dailyChallengeStreakOn({ dcs: 4, dcsb: 4, dcsd: '20261125' }, '2026-11-26').dcs).toBe(4);
    expect(dailyChallengeStreakOn({ dcs: 4, dcsb: 4, dcsd: '20261124' }, '2026-11-26').dcs).toBe(0);
  });
});
