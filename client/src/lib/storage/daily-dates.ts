import { storageKeys } from './storage-keys';
import { readJson, writeJson } from './web-storage';

/** Today in UTC, `YYYY-MM-DD`: the daily challenges' day. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** SPEC §9: "daily challenges count set to 4 when not yet seen today". */
export const dailySeenToday = () => readJson(storageKeys.lastDailyDate) === utcToday();
export const markDailySeen = () => writeJson(storageKeys.lastDailyDate, utcToday());

/** SPEC §5: the daily streak is checked once per UTC day. */
export const streakCheckedToday = () => readJson(storageKeys.lastStreakCheck) === utcToday();
export const markStreakChecked = () => writeJson(storageKeys.lastStreakCheck, utcToday());
