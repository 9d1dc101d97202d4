/**
 * Each library's own calendar (its `timezone`): "today", the current month and year, and the last reset
 * of the occupancy count. Stored event times are already the library's wall clock (schema.ts
 * LocalDateTime), so once "now" is expressed in that clock every range is a plain text range.
 */
import { addDays } from '@portal/contract';

/** The spec's default library timezone, used when a stored one is unknown to this runtime. */
export const DEFAULT_TIMEZONE = 'Europe/Madrid';

export interface StoreClock {
  /** Now at the library, `YYYY-MM-DD HH:mm:ss`. */
  now: string;
  /** `YYYY-MM-DD`. */
  today: string;
  monthStart: string;
  yearStart: string;
  /** The most recent reset time reached (today's, or yesterday's before it), `YYYY-MM-DD HH:mm:ss`. */
  lastReset: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      formatter = formatterFor(DEFAULT_TIMEZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of `instant` in `timeZone`, `YYYY-MM-DD HH:mm:ss`. */
export function localDateTime(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `HH:mm` reset times (on the hour by the library rules); anything else counts as midnight. */
function resetClock(resetTime: string): string {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(resetTime) ? `${resetTime}:00` : '00:00:00';
}

export function storeClock(instant: Date, timeZone: string, resetTime: string): StoreClock {
  const now = localDateTime(instant, timeZone);
  const today = now.slice(0, 10);
  const resetToday = `${today} ${resetClock(resetTime)}`;
  return {
    now,
    today,
    monthStart: `${today.slice(0, 7)}-01`,
    yearStart: `${today.slice(0, 4)}-01-01`,
    lastReset: resetToday <= now ? resetToday : `${addDays(today, -1)} ${resetClock(resetTime)}`,
  };
}
