/**
 * Calendar helpers of the demo generator: library wall-clock time, public holidays, and the daily,
 * weekly and seasonal shape of library visits. Days are `YYYY-MM-DD` strings; times are minutes after
 * midnight (library wall clock, see schema.ts LocalDateTime).
 */
import { addDays, dayOfWeek } from '@portal/contract';

export { addDays, dayOfWeek };

export const SLOT_MINUTES = 5;
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;

export interface LocalClock {
  /** `YYYY-MM-DD` at the library. */
  day: string;
  /** Minutes after the library's midnight, with seconds as a fraction. */
  minutes: number;
  /** `YYYY-MM-DD HH:mm:ss`. */
  dateTime: string;
}

/** The wall clock of `timezone` at `now`. */
export function localClock(timezone: string, now: Date): LocalClock {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  const [h, m, s] = [Number(get('hour')), Number(get('minute')), Number(get('second'))];
  return { day, minutes: h * 60 + m + s / 60, dateTime: `${day} ${get('hour')}:${get('minute')}:${get('second')}` };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Minutes (may carry seconds as a fraction) → `HH:mm:ss`. */
export function clockTime(minutes: number): string {
  const total = Math.floor(minutes * 60);
  return `${pad2(Math.floor(total / 3600))}:${pad2(Math.floor(total / 60) % 60)}:${pad2(total % 60)}`;
}

/** `HH:mm:ss` of the start of every 5-minute slot of a day. */
export const SLOT_TIMES: readonly string[] = Array.from({ length: SLOTS_PER_DAY }, (_, s) => clockTime(s * SLOT_MINUTES));

/** `YYYY-MM-DD HH:mm:ss` for a day and minutes after its midnight (minutes ≥ 1440 roll over to later days). */
export function localDateTime(day: string, minutes: number): string {
  const extraDays = Math.floor(minutes / 1440);
  return `${extraDays ? addDays(day, extraDays) : day} ${clockTime(minutes - extraDays * 1440)}`;
}

/** `HH:mm` → minutes. */
export function parseTime(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

const NATIONAL_HOLIDAYS = ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'];
/** A few regional holidays, by area name. */
const REGIONAL_HOLIDAYS: Record<string, string[]> = {
  Cataluña: ['06-24', '09-11', '12-26'],
  Madrid: ['05-02'],
  Andalucía: ['02-28'],
  Canarias: ['05-30'],
  Galicia: ['05-17', '07-25'],
};

/** Spanish public holidays (national, Good Friday and the area's own) on which libraries close. */
export function isHoliday(day: string, area: string): boolean {
  const monthDay = day.slice(5);
  if (NATIONAL_HOLIDAYS.includes(monthDay) || REGIONAL_HOLIDAYS[area]?.includes(monthDay)) return true;
  return addDays(easter(Number(day.slice(0, 4))), -2) === day;
}

/** Visits by month (exam periods busy, August quiet). */
const MONTH_FACTOR = [1.0, 1.05, 1.0, 0.95, 1.15, 1.1, 0.7, 0.45, 0.9, 1.0, 1.05, 0.85];
/** Visits by weekday, Sunday first. */
const WEEKDAY_FACTOR = [0.45, 1.0, 1.05, 1.05, 1.0, 0.9, 0.6];

export function seasonFactor(day: string): number {
  return MONTH_FACTOR[Number(day.slice(5, 7)) - 1] * WEEKDAY_FACTOR[dayOfWeek(day)];
}

const gauss = (x: number, mean: number, sd: number) => Math.exp(-((x - mean) ** 2) / (2 * sd * sd));

/**
 * Relative arrival rate at a time of day (hours, fractional): a late-morning peak, a lunch dip, an
 * afternoon peak after school, and a thin night for the libraries open round the clock.
 */
export function arrivalShape(hour: number): number {
  return 0.05 + gauss(hour, 11, 1.6) * 0.9 + gauss(hour, 17.5, 1.8) * 1.1 + gauss(hour, 13, 3.5) * 0.35 - gauss(hour, 14.5, 0.7) * 0.3;
}

/**
 * Cumulative arrival weights of the 5-minute slots from `open` to `close` (slot indexes of the day,
 * `close` exclusive), for sampling an arrival slot with one uniform number.
 */
export function arrivalCdf(open: number, close: number): Float64Array {
  const cdf = new Float64Array(close - open);
  let total = 0;
  for (let s = open; s < close; s += 1) {
    total += Math.max(0.01, arrivalShape(((s + 0.5) * SLOT_MINUTES) / 60));
    cdf[s - open] = total;
  }
  for (let i = 0; i < cdf.length; i += 1) cdf[i] /= total;
  return cdf;
}

/** Index into a cdf for a uniform number u in [0, 1). */
export function sampleCdf(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
