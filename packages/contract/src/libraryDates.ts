/**
 * Library dates, one rule for client and server (data-areas §2, §4, §9): a library's "today" is the calendar day at
 * the library (its time zone), it is expired when its expirationDate is earlier than that day (on the day itself it is
 * still valid), and a new library expires one year after its today.
 */
import { DEFAULT_TIMEZONE } from './values/stores';

/** Today's date (YYYY-MM-DD) in the given time zone; an unknown time zone falls back to UTC. */
export function libraryToday(timezone: string | null | undefined, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone || DEFAULT_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Expired: the expiration date (YYYY-MM-DD) is earlier than the library's today. A library without one never expires. */
export function isLibraryExpired(store: { expirationDate?: string | null; timezone?: string | null } | null | undefined, now: Date = new Date()): boolean {
  if (!store?.expirationDate) return false;
  return store.expirationDate.slice(0, 10) < libraryToday(store.timezone, now);
}

/** The default expiration date of a new library: one year after its today (29 February → 28 February). */
export function defaultExpirationDate(timezone: string | null | undefined = DEFAULT_TIMEZONE, now: Date = new Date()): string {
  const [year, month, day] = libraryToday(timezone, now).split('-').map(Number);
  const lastDay = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${year + 1}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}
