import { outliving, runningPeriods } from './running-periods.js';

describe('running leaderboard periods (the rounds’ own clock)', () => {
  const at = (iso: string) => new Date(iso);
  const thursday = { month: 'm2026-11', week: 'w2026-W48', day: 'd2026-11-26' };

  it('given no round yet, when one is scored, its periods begin and nothing ends', () => {
    expect(runningPeriods(null, at('2026-11-26T10:00:00Z'))).toEqual({ running: thursday, moved: true, ended: [], counts: ['all', 'm2026-11', 'w2026-W48', 'd2026-11-26'] });
  });

  it('given Thursday running, when another Thursday round is scored, nothing moves', () => {
    expect(runningPeriods(thursday, at('2026-11-26T23:59:59.999Z'))).toEqual({ running: thursday, moved: false, ended: [], counts: ['all', 'm2026-11', 'w2026-W48', 'd2026-11-26'] });
  });

  it('given Thursday running, when Friday’s first round is scored, Thursday ends and the week and month go on', () => {
    expect(runningPeriods(thursday, at('2026-11-27T00:00:00Z'))).toEqual({
      running: { ...thursday, day: 'd2026-11-27' },
      moved: true,
      ended: ['d2026-11-26'],
      counts: ['all', 'm2026-11', 'w2026-W48', 'd2026-11-27'],
    });
  });

  it('given Thursday running, when a round on Tuesday 1 December is scored, the day, the week and the month end together', () => {
    expect(runningPeriods(thursday, at('2026-12-01T08:00:00Z'))).toEqual({
      running: { month: 'm2026-12', week: 'w2026-W49', day: 'd2026-12-01' },
      moved: true,
      ended: ['m2026-11', 'w2026-W48', 'd2026-11-26'],
      counts: ['all', 'm2026-12', 'w2026-W49', 'd2026-12-01'],
    });
  });

  it('given Tuesday 1 December running, when a round scored late on Monday 30 November arrives, it counts all time and in the week only', () => {
    const tuesday = { month: 'm2026-12', week: 'w2026-W49', day: 'd2026-12-01' };
    expect(runningPeriods(tuesday, at('2026-11-30T23:59:59Z'))).toEqual({ running: tuesday, moved: false, ended: [], counts: ['all', 'w2026-W49'] });
  });

  it('given the last week of 2026 running, when 2027’s first week begins, week keys still compare in time order', () => {
    const step = runningPeriods({ month: 'm2027-01', week: 'w2026-W53', day: 'd2027-01-03' }, at('2027-01-04T09:00:00Z'));
    expect(step.ended).toEqual(['w2026-W53', 'd2027-01-03']);
    expect(step.running.week).toBe('w2027-W01');
  });

  it('given the periods a later round runs in, keeps only the keys that outlive them', () => {
    const later = { month: 'm2026-12', week: 'w2026-W49', day: 'd2026-12-01' };
    expect(outliving(['all', 'm2026-11', 'w2026-W49', 'd2026-11-30'], later)).toEqual(['all', 'w2026-W49']);
    expect(outliving(['all', 'm2026-12', 'w2026-W49', 'd2026-12-01'], later)).toEqual(['all', 'm2026-12', 'w2026-W49', 'd2026-12-01']);
  });
});
