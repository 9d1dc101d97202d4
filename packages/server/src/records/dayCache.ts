/**
 * Kept per-day figures of the week, month and year charts (migration 0017): one library (sensor 0) or one
 * sensor, the whole day, a reset time. A day's row is used while its version equals the day's current one in
 * `record_day_versions` (raised by triggers on every records write); otherwise the day is computed again from
 * the records with the same arithmetic as an uncached call (buckets.dailyRows) and kept.
 *
 * Versions are read before the records: a write that lands in between raises the version past the one kept,
 * so the kept row is stale at the next read instead of wrong.
 */
import { addDays } from '@portal/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dailyRows, dayFigures, windowSlots, type DayFigures } from './buckets';
import { slotSums } from './queries';

/** The only window kept: the whole day, as the counters page asks by default. */
export const CACHED_WINDOW: [string, string] = ['00:00', '23:59'];
/** Reset times kept (stores reset on the hour; 23:59 is the calls' default): at most 25 per library and day. */
const CACHED_RESET = /^([01][0-9]|2[0-3]):00$|^23:59$/;
/** Days computed per records read when filling (bounds the slot sums held in memory). */
const DAYS_PER_READ = 92;
const ROWS_PER_INSERT = 200;

export interface DayCacheKey {
  storeId: number;
  /** null: the whole library. */
  sensorId: number | null;
  resetTime: string;
}

/** Whether an interval's figures can come from the kept days: one library or sensor, whole days, a kept reset time. */
export function isCacheable(storeIds: readonly number[], startDate: string, endDate: string, window: [string, string], resetTime: string): boolean {
  return (
    storeIds.length === 1 &&
    startDate.endsWith(' 00:00:00') &&
    endDate.endsWith(' 23:59:59') &&
    window[0] === CACHED_WINDOW[0] &&
    window[1] === CACHED_WINDOW[1] &&
    CACHED_RESET.test(resetTime)
  );
}

/** Runs of days a records read covers: days at most a week apart, each run at most DAYS_PER_READ long. */
function runsOf(days: readonly string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const day of days) {
    const last = runs[runs.length - 1];
    if (last && day <= addDays(last[1], 7) && day <= addDays(last[0], DAYS_PER_READ - 1)) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

async function keep(db: Kysely<Database>, key: DayCacheKey, fresh: ReadonlyArray<[DayFigures, number]>): Promise<void> {
  for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
    const values = fresh.slice(i, i + ROWS_PER_INSERT).map(([f, version]) => ({
      store_id: key.storeId,
      sensor_id: key.sensorId ?? 0,
      reset_time: key.resetTime,
      day: f.row.date,
      version,
      total_in: f.sums.totalIn,
      total_out: f.sums.totalOut,
      max_inside: f.sums.maxInside,
      sum_inside: f.sums.sumInside,
    }));
    await db
      .insertInto('record_day_figures')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['store_id', 'sensor_id', 'reset_time', 'day']).doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          total_in: eb.ref('excluded.total_in'),
          total_out: eb.ref('excluded.total_out'),
          max_inside: eb.ref('excluded.max_inside'),
          sum_inside: eb.ref('excluded.sum_inside'),
        })),
      )
      .execute();
  }
}

/** Figures of every day from `startDay` to `lastDay` (YYYY-MM-DD) for one library or sensor, whole day. */
export async function cachedDays(database: Kysely<Database>, key: DayCacheKey, startDay: string, lastDay: string): Promise<DayFigures[]> {
  const db = database;
  if (startDay > lastDay) return [];
  // The days that hold (or held) records, each with its current version and the row kept for the key, if any.
  const rows = await db
    .selectFrom('record_day_versions as v')
    .leftJoin('record_day_figures as f', (join) =>
      join
        .onRef('f.store_id', '=', 'v.store_id')
        .onRef('f.day', '=', 'v.day')
        .on('f.sensor_id', '=', key.sensorId ?? 0)
        .on('f.reset_time', '=', key.resetTime),
    )
    .select(['v.day', 'v.version as current', 'f.version', 'f.total_in', 'f.total_out', 'f.max_inside', 'f.sum_inside'])
    .where('v.store_id', '=', key.storeId)
    .where('v.day', '>=', startDay)
    .where('v.day', '<=', lastDay)
    .execute();
  const versions = new Map(rows.map((r) => [r.day, Number(r.current)]));
  const slotCount = windowSlots(CACHED_WINDOW[0], CACHED_WINDOW[1]);
  const byDay = new Map<string, DayFigures>();
  for (const r of rows) {
    if (r.version === null || r.version === undefined || Number(r.version) !== Number(r.current)) continue;
    byDay.set(
      r.day,
      dayFigures(
        r.day,
        {
          totalIn: Number(r.total_in),
          totalOut: Number(r.total_out),
          maxInside: Number(r.max_inside),
          sumInside: Number(r.sum_inside),
        },
        slotCount,
      ),
    );
  }
  const stale: string[] = [];
  const none = { totalIn: 0, totalOut: 0, maxInside: 0, sumInside: 0 };
  for (let day = startDay; day <= lastDay; day = addDays(day, 1)) {
    if (byDay.has(day)) continue;
    // A day without a version never held a record of the library: nothing to read or keep.
    if (versions.has(day)) stale.push(day);
    else byDay.set(day, dayFigures(day, none, slotCount));
  }
  for (const [first, last] of runsOf(stale)) {
    const slots = await slotSums(database, {
      storeIds: [key.storeId],
      sensorId: key.sensorId,
      startDate: `${first} 00:00:00`,
      endDate: `${last} 23:59:59`,
      window: CACHED_WINDOW,
    });
    const days = dailyRows(slots, { startDay: first, endDay: last, untilDay: last, window: CACHED_WINDOW, resetTime: key.resetTime });
    for (const d of days) byDay.set(d.row.date, d);
    await keep(
      db,
      key,
      days.filter((d) => versions.has(d.row.date)).map((d) => [d, versions.get(d.row.date) as number]),
    );
  }
  const out: DayFigures[] = [];
  for (let day = startDay; day <= lastDay; day = addDays(day, 1)) out.push(byDay.get(day) as DayFigures);
  return out;
}

/**
 * Computes the kept days of every library and sensor that has records, at the library's reset time (what the
 * counters page asks for by default): used by migration 0017 and after bulk loads of records.
 */
export async function fillDayCache(database: Kysely<Database>): Promise<void> {
  const db = database;
  const { rows: stores } = await sql<{ id: number; reset_time: string; first: string; last: string }>`
    select s.id, s.reset_time, min(v.day) as first, max(v.day) as last
    from record_day_versions v join stores s on s.id = v.store_id group by s.id, s.reset_time order by s.id`.execute(database);
  for (const store of stores) {
    if (!CACHED_RESET.test(store.reset_time)) continue;
    const sensors = await db.selectFrom('sensors').select('id').where('store_id', '=', store.id).orderBy('id').execute();
    for (const sensorId of [null, ...sensors.map((s) => s.id)]) {
      await cachedDays(db, { storeId: store.id, sensorId, resetTime: store.reset_time }, store.first, store.last);
    }
  }
}
