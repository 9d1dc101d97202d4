/**
 * Pure arithmetic of the counters calls: 5-minute slot sums (as the records table holds them, library wall
 * clock) become day buckets of 5/15/30/60 minutes, or per-day and per-month figures. "Inside" is the
 * running in − out since the interval start or the last reset time passed, never shown below 0.
 */
import { addDays, type DayRecordRow, type PeriodRecordRow } from '@portal/contract';

export interface SlotSum {
  /** `YYYY-MM-DD HH:mm:ss`, a slot start. */
  date: string;
  countIn: number;
  countOut: number;
}

export const SLOT_MINUTES = 5;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The last reset passed at a wall-clock time: a key that changes exactly when the count resets. */
function resetKey(dateTime: string, resetTime: string): string {
  const day = dateTime.slice(0, 10);
  return dateTime.slice(11, 16) >= resetTime ? day : addDays(day, -1);
}

/** Running inside with resets; call in time order. */
function insideCounter(resetTime: string) {
  let key = '';
  let running = 0;
  return (dateTime: string, countIn: number, countOut: number): number => {
    const k = resetKey(dateTime, resetTime);
    if (k !== key) {
      key = k;
      running = 0;
    }
    running += countIn - countOut;
    return Math.max(0, running);
  };
}

/**
 * Day buckets from `startDate` to `endDate` (bucket starts aligned to `range` minutes from midnight),
 * skipping wall-clock times that do not exist at the library (`exists`, e.g. a spring-forward hour) and
 * bucket starts after `until` (the library's now). Twice-lived times (fall-back) hold both hours' counts.
 */
export function dayBuckets(
  slots: readonly SlotSum[],
  opts: { startDate: string; endDate: string; range: number; resetTime: string; until: string; exists: (dateTime: string) => boolean },
): DayRecordRow[] {
  const sums = new Map<string, { countIn: number; countOut: number }>();
  for (const s of slots) {
    const minute = minutesOf(s.date.slice(11, 16));
    const key = `${s.date.slice(0, 10)} ${hhmm(minute - (minute % opts.range))}:00`;
    const sum = sums.get(key) ?? { countIn: 0, countOut: 0 };
    sum.countIn += s.countIn;
    sum.countOut += s.countOut;
    sums.set(key, sum);
  }
  const rows: DayRecordRow[] = [];
  const inside = insideCounter(opts.resetTime);
  const last = opts.endDate < opts.until ? opts.endDate : opts.until;
  let day = opts.startDate.slice(0, 10);
  const startMinute = minutesOf(opts.startDate.slice(11, 16));
  let minute = startMinute - (startMinute % opts.range);
  for (;;) {
    const date = `${day} ${hhmm(minute)}:00`;
    if (date > last) break;
    if (opts.exists(date)) {
      const sum = sums.get(date) ?? { countIn: 0, countOut: 0 };
      rows.push({ date, countIn: sum.countIn, countOut: sum.countOut, inside: inside(date, sum.countIn, sum.countOut) });
    }
    minute += opts.range;
    if (minute >= 24 * 60) {
      minute = 0;
      day = addDays(day, 1);
    }
  }
  return rows;
}

/** The 5-minute slot starts counted each day: every one from `from` to `to` (HH:mm). */
export function windowSlots(from: string, to: string): number {
  const first = Math.ceil(minutesOf(from) / SLOT_MINUTES);
  const last = Math.floor(minutesOf(to) / SLOT_MINUTES);
  return Math.max(0, last - first + 1);
}

/**
 * One row per day from `startDay` to `endDay` (none after `untilDay`): visitors in and out, the highest and
 * the average inside over the window's slots, and the average stay in minutes (Little's law:
 * avg inside × minutes counted ÷ visitors in). `slots` hold only the window's times, oldest first.
 * Plain numbers per slot index: a year is about 100,000 slots.
 */
export function dailyRows(
  slots: readonly SlotSum[],
  opts: { startDay: string; endDay: string; untilDay: string; window: [string, string]; resetTime: string },
): DayFigures[] {
  const slotCount = windowSlots(opts.window[0], opts.window[1]);
  const firstMinute = Math.ceil(minutesOf(opts.window[0]) / SLOT_MINUTES) * SLOT_MINUTES;
  const resetMinute = minutesOf(opts.resetTime);
  const ins = new Float64Array(slotCount);
  const outs = new Float64Array(slotCount);
  const rows: DayFigures[] = [];
  const last = opts.endDay < opts.untilDay ? opts.endDay : opts.untilDay;
  let next = 0;
  for (let day = opts.startDay; day <= last; day = addDays(day, 1)) {
    ins.fill(0);
    outs.fill(0);
    while (next < slots.length && slots[next].date.slice(0, 10) < day) next += 1;
    for (; next < slots.length && slots[next].date.slice(0, 10) === day; next += 1) {
      const s = slots[next];
      // A record counts in the first slot starting at or after it (records are stamped with slot starts).
      const index = Math.ceil((minutesOf(s.date.slice(11, 16)) - firstMinute) / SLOT_MINUTES);
      if (index < 0 || slotCount === 0) continue;
      const i = Math.min(index, slotCount - 1);
      ins[i] += s.countIn;
      outs[i] += s.countOut;
    }
    let totalIn = 0;
    let totalOut = 0;
    let max = 0;
    let sumInside = 0;
    let running = 0;
    for (let i = 0; i < slotCount; i += 1) {
      const minute = firstMinute + i * SLOT_MINUTES;
      // Every slot of the window counts for the average, with the inside reached by then; the count
      // returns to 0 at the reset time.
      if (i > 0 && minute >= resetMinute && minute - SLOT_MINUTES < resetMinute) running = 0;
      running += ins[i] - outs[i];
      const current = Math.max(0, running);
      totalIn += ins[i];
      totalOut += outs[i];
      if (current > max) max = current;
      sumInside += current;
    }
    rows.push(dayFigures(day, { totalIn, totalOut, maxInside: max, sumInside }, slotCount));
  }
  return rows;
}

/** A day's sums over the window's slots: what a day row is made of (kept per day by records/dayCache). */
export interface DaySums {
  totalIn: number;
  totalOut: number;
  maxInside: number;
  /** The inside of every slot of the window added up (the average's numerator). */
  sumInside: number;
}

/** A day's row from its sums over `slotCount` 5-minute slots. */
export function dayFigures(day: string, sums: DaySums, slotCount: number): DayFigures {
  const avgInside = slotCount ? sums.sumInside / slotCount : 0;
  const minutes = slotCount * SLOT_MINUTES;
  return {
    row: {
      date: day,
      total_in: sums.totalIn,
      total_out: sums.totalOut,
      max_inside: sums.maxInside,
      avg_inside: round2(avgInside),
      avg_time_person: sums.totalIn ? round2((avgInside * minutes) / sums.totalIn) : 0,
    },
    avgInside,
    sums,
  };
}

/** A day's row and its unrounded average inside (months average the exact values). */
export interface DayFigures {
  row: PeriodRecordRow;
  avgInside: number;
  sums: DaySums;
}

/** Days summed into months (`YYYY-MM`): totals add up, max is the month's highest, averages weigh each day. */
export function monthlyRows(days: readonly DayFigures[], window: [string, string]): PeriodRecordRow[] {
  const minutes = windowSlots(window[0], window[1]) * SLOT_MINUTES;
  const months = new Map<string, DayFigures[]>();
  for (const d of days) {
    const key = d.row.date.slice(0, 7);
    const list = months.get(key);
    if (list) list.push(d);
    else months.set(key, [d]);
  }
  return [...months].map(([date, list]) => {
    const totalIn = list.reduce((a, d) => a + d.row.total_in, 0);
    const insideSum = list.reduce((a, d) => a + d.avgInside, 0);
    return {
      date,
      total_in: totalIn,
      total_out: list.reduce((a, d) => a + d.row.total_out, 0),
      max_inside: Math.max(...list.map((d) => d.row.max_inside)),
      avg_inside: round2(insideSum / list.length),
      avg_time_person: totalIn ? round2((insideSum * minutes) / totalIn) : 0,
    };
  });
}
