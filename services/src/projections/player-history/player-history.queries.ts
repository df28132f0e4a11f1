import { type LeaderboardRowDoc, levelForPoints, type PlayerHistoryDoc, readModelCollections, type StatsGroup, type TimePeriod, tierForLevel, type UserStats } from '@globetrail/contracts';
import { ALL_TIME, isoWeek, periodKey, scopeOf } from '../../domain/leaderboard/periods.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

const bucketOf = (day: string, g: StatsGroup) => (g === 'g' ? day : g === 'm' ? day.slice(0, 7) : isoWeek(new Date(`${day}T12:00:00Z`)));

/** A signed-up player's stats over a period, with the chart's series; null for an unknown or anonymous player. */
export async function userStats(reads: ReadStore, userId: string, name: string, t: TimePeriod, g: StatsGroup, now: Date): Promise<UserStats> {
  const [history, allTime, inPeriod] = await Promise.all([
    reads.get<PlayerHistoryDoc>(readModelCollections.playerHistories, userId),
    reads.get<LeaderboardRowDoc>(readModelCollections.leaderboardRows, `${ALL_TIME}~${userId}`),
    reads.get<LeaderboardRowDoc>(readModelCollections.leaderboardRows, `${scopeOf(periodKey(t, now), 'all')}~${userId}`),
  ]);
  const current = periodKey(t, now);
  const days = Object.entries(history?.days ?? {})
    .filter(([day]) => t === 'all' || periodKey(t, new Date(`${day}T12:00:00Z`)) === current)
    .sort(([a], [b]) => a.localeCompare(b));
  const totals = days.reduce((sum, [, day]) => ({ points: sum.points + day.points, games: sum.games + day.games, perfect: sum.perfect + day.perfect, hits: sum.hits + day.countryHits }), { points: 0, games: 0, perfect: 0, hits: 0 });
  const series = new Map<string, { points: number; games: number }>();
  for (const [day, figures] of days) {
    const bucket = bucketOf(day, g);
    const known = series.get(bucket) ?? { points: 0, games: 0 };
    series.set(bucket, { points: known.points + figures.points, games: known.games + figures.games });
  }
  const level = levelForPoints(allTime?.points ?? 0);
  return {
    uid: userId,
    name,
    t,
    g,
    games: totals.games,
    points: totals.points,
    averagePoints: totals.games === 0 ? 0 : Math.round(totals.points / totals.games),
    perfectRounds: totals.perfect,
    countryHits: totals.hits,
    bestGuessInMeters: inPeriod?.bestGuess ?? null,
    bestCountryStreak: inPeriod?.countryStreak ?? 0,
    level,
    tier: tierForLevel(level),
    series: [...series].map(([bucket, figures]) => ({ bucket, ...figures })),
  };
}
