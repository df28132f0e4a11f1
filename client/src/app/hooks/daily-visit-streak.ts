import { type DailyVisitStreak, dailyVisitStreakSchema } from '@globetrail/contracts';
import { apiGet } from '../../lib/api/api-client';

/** GET /user/DailyVisitStreak records today's visit (its schema lives with the challenges': not in the first load). */
export function recordDailyVisit(signal: AbortSignal): Promise<DailyVisitStreak> {
  return apiGet('/user/DailyVisitStreak', dailyVisitStreakSchema, { auth: true, signal });
}
