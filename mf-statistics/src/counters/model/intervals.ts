/**
 * The counter intervals of the chart and every transition of data-areas §4 "Counter intervals", as pure
 * functions over IntervalsState (the page keeps it in a reducer):
 * - changing the type resets each interval to the start and end of that period of its backup date; an interval
 *   whose period an earlier interval of the same region already shows (two days of one week switched to
 *   Weekly) goes back one period at a time until it shows one of its own, as an added interval does: every
 *   interval stays and each shows something else;
 * - adding copies the last interval shifted one period back (at most MAX_INTERVALS);
 * - moving left or right shifts every interval by one period;
 * - toggling one off enables a neighbour if none would remain enabled;
 * - dates already used by another interval of the same region cannot be picked.
 * Dates are library wall-clock text: 'YYYY-MM-DD HH:mm:ss' (range) and 'YYYY-MM-DD' (backup date).
 */
import moment from 'moment';
import { MAX_INTERVALS, type IntervalType } from '@portal/contract';

export interface IntervalRegion {
  value: string;
  /** The path from the top: "Area / Library / Sensor". */
  title: string;
  /** What the page calls it: the region's own name, a sensor's with its library's. */
  label: string;
  storeIds: number[];
  capacity: number;
  resetTime: string;
  /** Sensors have no Max. Inside / capacity in the summary. */
  sensor: boolean;
}

export interface CounterInterval {
  key: number;
  enabled: boolean;
  region: IntervalRegion;
  startDate: string;
  endDate: string;
  /** The day the interval was set to: a type change resets the interval to that day's period. */
  backupDate: string;
}

export interface IntervalsState {
  type: IntervalType;
  /** 0 = Sunday … 6 = Saturday (the locale's first weekday). */
  weekStartDay: number;
  intervals: CounterInterval[];
  nextKey: number;
}

const DAY = 'YYYY-MM-DD';
const UNIT: Record<IntervalType, moment.unitOfTime.DurationConstructor> = { day: 'days', week: 'weeks', month: 'months', year: 'years' };

function periodStart(type: IntervalType, day: string, weekStartDay: number): moment.Moment {
  const m = moment(day, DAY);
  if (type === 'week') return m.subtract((m.day() - weekStartDay + 7) % 7, 'days');
  if (type === 'month') return m.startOf('month');
  if (type === 'year') return m.startOf('year');
  return m;
}

/** The period of `type` holding `day`: from its first day 00:00:00 to its last day 23:59:59. */
export function periodOf(type: IntervalType, day: string, weekStartDay: number): { startDate: string; endDate: string } {
  const start = periodStart(type, day, weekStartDay);
  const end = start.clone().add(1, UNIT[type]).subtract(1, 'day');
  return { startDate: `${start.format(DAY)} 00:00:00`, endDate: `${end.format(DAY)} 23:59:59` };
}

export function shiftDay(type: IntervalType, day: string, periods: number): string {
  return moment(day, DAY).add(periods, UNIT[type]).format(DAY);
}

function withDate(state: IntervalsState, interval: CounterInterval, day: string): CounterInterval {
  return { ...interval, backupDate: day, ...periodOf(state.type, day, state.weekStartDay) };
}

export function initialIntervals(type: IntervalType, weekStartDay: number, region: IntervalRegion | null, today: string): IntervalsState {
  const state: IntervalsState = { type, weekStartDay, intervals: [], nextKey: 1 };
  if (!region) return state;
  const interval = withDate(state, { key: 1, enabled: true, region, startDate: '', endDate: '', backupDate: today }, today);
  return { ...state, intervals: [interval], nextKey: 2 };
}

export function changeType(state: IntervalsState, type: IntervalType): IntervalsState {
  const next = { ...state, type };
  const shown = new Set<string>();
  const intervals = state.intervals.map((interval) => {
    let moved = withDate(next, interval, interval.backupDate);
    while (shown.has(`${moved.region.value}\u0000${moved.startDate}`)) moved = withDate(next, moved, shiftDay(type, moved.backupDate, -1));
    shown.add(`${moved.region.value}\u0000${moved.startDate}`);
    return moved;
  });
  return { ...next, intervals };
}

export const canAddInterval = (state: IntervalsState) => state.intervals.length > 0 && state.intervals.length < MAX_INTERVALS;

export function addInterval(state: IntervalsState): IntervalsState {
  if (!canAddInterval(state)) return state;
  const last = state.intervals[state.intervals.length - 1];
  const copy = withDate(state, { ...last, key: state.nextKey, enabled: true }, shiftDay(state.type, last.backupDate, -1));
  return { ...state, intervals: [...state.intervals, copy], nextKey: state.nextKey + 1 };
}

/** Every interval one period left (-1) or right (+1). */
export function moveIntervals(state: IntervalsState, direction: -1 | 1): IntervalsState {
  return { ...state, intervals: state.intervals.map((i) => withDate(state, i, shiftDay(state.type, i.backupDate, direction))) };
}

/** The neighbour to enable when `index` goes: the next one, else the previous one. */
function ensureOneEnabled(intervals: CounterInterval[], index: number): CounterInterval[] {
  if (intervals.length === 0 || intervals.some((i) => i.enabled)) return intervals;
  const neighbour = index < intervals.length ? index : intervals.length - 1;
  return intervals.map((i, n) => (n === neighbour ? { ...i, enabled: true } : i));
}

export function removeInterval(state: IntervalsState, key: number): IntervalsState {
  if (state.intervals.length <= 1) return state;
  const index = state.intervals.findIndex((i) => i.key === key);
  if (index < 0) return state;
  const rest = state.intervals.filter((i) => i.key !== key);
  return { ...state, intervals: ensureOneEnabled(rest, index) };
}

export function toggleInterval(state: IntervalsState, key: number): IntervalsState {
  const index = state.intervals.findIndex((i) => i.key === key);
  if (index < 0) return state;
  const toggled = state.intervals.map((i) => (i.key === key ? { ...i, enabled: !i.enabled } : i));
  if (toggled.some((i) => i.enabled)) return { ...state, intervals: toggled };
  const neighbour = index + 1 < toggled.length ? index + 1 : index - 1;
  // A lone interval stays enabled: there is no neighbour to take over.
  if (neighbour < 0) return state;
  return { ...state, intervals: toggled.map((i, n) => (n === neighbour ? { ...i, enabled: true } : i)) };
}

export function setIntervalDate(state: IntervalsState, key: number, day: string): IntervalsState {
  return { ...state, intervals: state.intervals.map((i) => (i.key === key ? withDate(state, i, day) : i)) };
}

export function setIntervalRegion(state: IntervalsState, key: number, region: IntervalRegion): IntervalsState {
  return { ...state, intervals: state.intervals.map((i) => (i.key === key ? { ...i, region } : i)) };
}

/** True when `day` falls in a period another interval of the same region already shows. */
export function isDateUsed(state: IntervalsState, key: number, day: string): boolean {
  const self = state.intervals.find((i) => i.key === key);
  if (!self) return false;
  const { startDate } = periodOf(state.type, day, state.weekStartDay);
  return state.intervals.some((i) => i.key !== key && i.region.value === self.region.value && i.startDate === startDate);
}

/** data-areas §5: the year picker offers the current year and the 19 before. */
export const YEARS_OFFERED = 20;
export function yearOptions(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: YEARS_OFFERED }, (_, i) => year - i);
}
