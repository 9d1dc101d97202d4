/** Calendar days (`YYYY-MM-DD`), timezone-free: computed on UTC midnights, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar day in `YYYY-MM-DD` form (rejects 2024-02-30). */
export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && fromUtc(toUtc(day)) === day;
}

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(day: string): number {
  return new Date(toUtc(day)).getUTCDay();
}

/** First day of the week holding `day`, weeks starting on `weekStartDay`. */
export function weekStartOf(day: string, weekStartDay: number): string {
  return addDays(day, -((dayOfWeek(day) - weekStartDay + 7) % 7));
}

/** The seven days of the week holding `day`, in order. */
export function weekDays(day: string, weekStartDay: number): string[] {
  const start = weekStartOf(day, weekStartDay);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}
