/**
 * Time in Lagos, the one place that knows it: Nigeria keeps West Africa Time (UTC+1) all year,
 * with no daylight saving, so its days, weeks and months start at 23:00 UTC the day before.
 * "Today" for dates staff and donors give, the dashboard's months and weeks, and the activity
 * filter's days all come from here.
 */
export const LAGOS_TIME_ZONE = 'Africa/Lagos';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The instant as Lagos's wall clock: read it with the getUTC… methods. */
export const lagosClock = (instant: Date): Date => new Date(instant.getTime() + LAGOS_OFFSET_MS);

/** The instant a Lagos wall-clock time happens, given as milliseconds of UTC fields (Date.UTC(…)). */
export const fromLagosClock = (wallClockMs: number): Date => new Date(wallClockMs - LAGOS_OFFSET_MS);

/** Nigeria's calendar day, YYYY-MM-DD. */
export const lagosToday = (now: Date = new Date()): string => lagosClock(now).toISOString().slice(0, 10);

/** The instant a Lagos calendar day (YYYY-MM-DD) starts. */
export const lagosDayStart = (day: string): Date => fromLagosClock(Date.parse(`${day}T00:00:00Z`));

/** The instant as Lagos's wall clock with its offset, e.g. 2026-11-26T09:30:00+01:00 (for files staff open). */
export const lagosIso = (instant: Date): string => `${lagosClock(instant).toISOString().slice(0, 19)}+01:00`;
