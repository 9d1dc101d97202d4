/** SQL of the counters calls: 5-minute slot sums of records, and the libraries and sensor an interval names. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SlotSum } from './buckets';

export interface SlotQuery {
  storeIds: readonly number[];
  sensorId: number | null;
  startDate: string;
  endDate: string;
  /** Only these times of day (HH:mm, inclusive); null = all. */
  window: [string, string] | null;
}

/** Records summed per slot start over the libraries (and sensor) of an interval, oldest first. */
export async function slotSums(db: Kysely<Database>, q: SlotQuery): Promise<SlotSum[]> {
  let query = db
    .selectFrom('records')
    .select((eb) => ['date', eb.fn.sum<number | string>('count_in').as('count_in'), eb.fn.sum<number | string>('count_out').as('count_out')])
    .where('store_id', 'in', [...q.storeIds])
    .where('date', '>=', q.startDate)
    .where('date', '<=', q.endDate);
  if (q.sensorId !== null) query = query.where('sensor_id', '=', q.sensorId);
  if (q.window) {
    const [from, to] = q.window;
    query = query.where((eb) =>
      eb.and([eb(eb.fn('substr', ['date', eb.val(12), eb.val(5)]), '>=', from), eb(eb.fn('substr', ['date', eb.val(12), eb.val(5)]), '<=', to)]),
    );
  }
  const rows = await query.groupBy('date').orderBy('date').execute();
  return rows.map((r) => ({ date: r.date, countIn: Number(r.count_in), countOut: Number(r.count_out) }));
}

export interface IntervalStore {
  id: number;
  capacity: number;
  timezone: string;
  reset_time: string;
}

export async function intervalStores(db: Kysely<Database>, ids: readonly number[]): Promise<IntervalStore[]> {
  return db
    .selectFrom('stores')
    .select(['id', 'capacity', 'timezone', 'reset_time'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export async function findSensor(db: Kysely<Database>, id: number): Promise<{ id: number; store_id: number; capacity: number | null } | undefined> {
  return db.selectFrom('sensors').select(['id', 'store_id', 'capacity']).where('id', '=', id).executeTakeFirst();
}
