/**
 * The counters calls (data-areas §7): each interval's records in the library's own wall clock, scoped to
 * the user's libraries (a library or sensor the user does not hold answers 403 and nothing is read).
 */
import type { Kysely } from 'kysely';
import {
  DEFAULT_INTERVAL_RANGE,
  DEFAULT_RECORDS_RESET_TIME,
  ERROR_CODES,
  type IntervalRecords,
  type RecordRow,
  type RecordsBody,
  type RecordsInterval,
  type RecordsSummary,
} from '@portal/contract';
import { localDateTime } from '../dashboard/clock';
import type { Database } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import type { AuthUser } from '../services/context';
import { dailyRows, dayBuckets, monthlyRows } from './buckets';
import { cachedDays, isCacheable } from './dayCache';
import { findSensor, intervalStores, slotSums } from './queries';
import { wallClockTest } from './wallClock';

export type Grouping = 'intervals' | 'days' | 'months';

const WHOLE_DAY: [string, string] = ['00:00', '23:59'];
const DAY_MS = 86_400_000;
/** Longest interval per grouping (days): a day chart holds a day, the others up to a year. */
const MAX_SPAN_DAYS: Record<Grouping, number> = { intervals: 7, days: 366, months: 366 };

interface Scoped {
  interval: RecordsInterval;
  storeIds: number[];
  sensorId: number | null;
  capacity: number;
  /** The interval's libraries' time zones: a wall-clock time exists when it happens in one of them. */
  timezones: string[];
  /** The latest "now" among the interval's libraries, wall clock. */
  until: string;
}

const sensorIdOf = (region: string | undefined) => {
  const match = /^sensor:(\d{1,10})$/.exec(region ?? '');
  return match ? Number(match[1]) : null;
};

async function scopeInterval(db: Kysely<Database>, user: AuthUser, interval: RecordsInterval, grouping: Grouping, now: Date): Promise<Scoped> {
  const { startDate, endDate } = interval;
  const span = (Date.parse(`${endDate.replace(' ', 'T')}Z`) - Date.parse(`${startDate.replace(' ', 'T')}Z`)) / DAY_MS;
  if (!(span >= 0) || span > MAX_SPAN_DAYS[grouping]) {
    throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'endDate must follow startDate within the interval type', { startDate, endDate });
  }
  const held = new Set(user.storeIds);
  const storeIds = [...new Set(interval.storeIds)];
  if (!storeIds.every((id) => held.has(id))) throw forbidden(ERROR_CODES.FORBIDDEN, 'Library not available');
  const stores = await intervalStores(db, storeIds);
  if (stores.length !== storeIds.length) throw forbidden(ERROR_CODES.FORBIDDEN, 'Library not available');
  const sensorId = sensorIdOf(interval.region);
  let capacity = stores.reduce((a, s) => a + s.capacity, 0);
  if (sensorId !== null) {
    const sensor = await findSensor(db, sensorId);
    if (!sensor || !storeIds.includes(sensor.store_id)) throw forbidden(ERROR_CODES.FORBIDDEN, 'Sensor not available');
    capacity = sensor.capacity ?? stores.find((s) => s.id === sensor.store_id)?.capacity ?? capacity;
  }
  const until = stores.map((s) => localDateTime(now, s.timezone)).reduce((a, b) => (a > b ? a : b));
  return { interval, storeIds, sensorId, capacity, timezones: [...new Set(stores.map((s) => s.timezone))], until };
}

function summaryOf(rows: readonly RecordRow[], scoped: Scoped): RecordsSummary {
  let totalIn = 0;
  let totalOut = 0;
  let maxInside = 0;
  for (const r of rows) {
    if ('countIn' in r) {
      totalIn += r.countIn;
      totalOut += r.countOut;
      maxInside = Math.max(maxInside, r.inside);
    } else {
      totalIn += r.total_in;
      totalOut += r.total_out;
      maxInside = Math.max(maxInside, r.max_inside);
    }
  }
  return { totalIn, totalOut, maxInside, capacity: scoped.capacity, sensor: scoped.sensorId !== null };
}

async function intervalRecords(db: Kysely<Database>, scoped: Scoped, body: RecordsBody, grouping: Grouping): Promise<IntervalRecords> {
  const { startDate, endDate } = scoped.interval;
  const resetTime = body.resetTime ?? DEFAULT_RECORDS_RESET_TIME;
  const window = grouping === 'intervals' ? null : (body.intervalTimes ?? WHOLE_DAY);
  if (window && window[0] > window[1]) throw badRequest(ERROR_CODES.VALIDATION_ERROR, 'intervalTimes must run forwards', { intervalTimes: window });
  let data: RecordRow[];
  if (grouping !== 'intervals' && window && isCacheable(scoped.storeIds, startDate, endDate, window, resetTime)) {
    // One library or sensor over whole days: the kept per-day figures (records/dayCache.ts).
    const untilDay = scoped.until.slice(0, 10);
    const endDay = endDate.slice(0, 10);
    const days = await cachedDays(
      db,
      { storeId: scoped.storeIds[0], sensorId: scoped.sensorId, resetTime },
      startDate.slice(0, 10),
      endDay < untilDay ? endDay : untilDay,
    );
    data = grouping === 'days' ? days.map((d) => d.row) : monthlyRows(days, window);
    return { data, summary: summaryOf(data, scoped) };
  }
  const slots = await slotSums(db, { storeIds: scoped.storeIds, sensorId: scoped.sensorId, startDate, endDate, window });
  if (grouping === 'intervals') {
    data = dayBuckets(slots, {
      startDate,
      endDate,
      range: body.intervalRange ?? DEFAULT_INTERVAL_RANGE,
      resetTime,
      until: scoped.until,
      exists: existsIn(scoped.timezones),
    });
  } else {
    const days = dailyRows(slots, {
      startDay: startDate.slice(0, 10),
      endDay: endDate.slice(0, 10),
      untilDay: scoped.until.slice(0, 10),
      window: window ?? WHOLE_DAY,
      resetTime,
    });
    data = grouping === 'days' ? days.map((d) => d.row) : monthlyRows(days, window ?? WHOLE_DAY);
  }
  return { data, summary: summaryOf(data, scoped) };
}

/** Whether a wall-clock time happens in one of the zones; each day is asked about once per zone. */
function existsIn(timezones: readonly string[]): (dateTime: string) => boolean {
  const byDay = new Map<string, Array<(dateTime: string) => boolean>>();
  return (dateTime) => {
    const day = dateTime.slice(0, 10);
    let tests = byDay.get(day);
    if (!tests) {
      tests = timezones.map((tz) => wallClockTest(day, tz));
      byDay.set(day, tests);
    }
    return tests.some((test) => test(dateTime));
  };
}

/** Every interval checked first (a foreign one stops the call before any read), then read. */
export async function groupRecords(db: Kysely<Database>, user: AuthUser, body: RecordsBody, grouping: Grouping, now: Date): Promise<IntervalRecords[]> {
  const scoped: Scoped[] = [];
  for (const interval of body.intervals) scoped.push(await scopeInterval(db, user, interval, grouping, now));
  // The same region and period asked twice (e.g. two cards on one week) is read once.
  const reads = new Map<string, Promise<IntervalRecords>>();
  return Promise.all(
    scoped.map((s) => {
      const key = JSON.stringify([s.storeIds, s.sensorId, s.interval.startDate, s.interval.endDate]);
      let read = reads.get(key);
      if (!read) {
        read = intervalRecords(db, s, body, grouping);
        reads.set(key, read);
      }
      return read;
    }),
  );
}
