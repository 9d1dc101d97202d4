/**
 * SQL of the dashboard calls. Time bounds are the libraries' wall-clock text (`YYYY-MM-DD[ HH:mm:ss]`),
 * compared as text so the (store_id, date) indexes serve every range. `to` bounds are exclusive.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, SelfcheckType } from '../db/schema';

type Db = Kysely<Database>;

export interface DashboardStore {
  id: number;
  name: string;
  timezone: string;
  resetTime: string;
}

export async function dashboardStores(db: Db, ids: readonly number[]): Promise<DashboardStore[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'name', 'timezone', 'reset_time'])
    .where('id', 'in', [...ids])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, timezone: r.timezone, resetTime: r.reset_time }));
}

/** Visitors in per library and day, days `from` … `to` inclusive (YYYY-MM-DD). */
export function dailyIn(db: Db, storeIds: readonly number[], from: string, to: string) {
  return db
    .selectFrom('record_daily_totals')
    .select(['store_id', 'day', 'count_in'])
    .where('store_id', 'in', [...storeIds])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
}

/** Sum of visitors in over days `from` … `to` inclusive. */
export async function sumDailyIn(db: Db, storeIds: readonly number[], from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('record_daily_totals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count_in'), sql<number>`0`).as('total'))
    .where('store_id', 'in', [...storeIds])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** People inside per library: counted in − counted out over [from, to]. */
export function insideByStore(db: Db, storeIds: readonly number[], from: string, to: string) {
  return db
    .selectFrom('records')
    .select((eb) => ['store_id', sql<number>`${eb.fn.sum('count_in')} - ${eb.fn.sum('count_out')}`.as('inside')])
    .where('store_id', 'in', [...storeIds])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy('store_id')
    .execute();
}

export async function countAlarms(db: Db, storeIds: readonly number[], from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('alarms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', 'in', [...storeIds])
    .where('date', '>=', from)
    .where('date', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const day = sql<string>`substr(date, 1, 10)`;

export function alarmsByStoreDay(db: Db, storeIds: readonly number[], from: string, to: string) {
  return db
    .selectFrom('alarms')
    .select((eb) => ['store_id', day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('store_id', 'in', [...storeIds])
    .where('date', '>=', from)
    .where('date', '<', to)
    .groupBy(['store_id', day])
    .execute();
}

export function selfcheckByType(db: Db, storeIds: readonly number[], from: string, to: string) {
  return db
    .selectFrom('selfcheck_operations')
    .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
    .where('store_id', 'in', [...storeIds])
    .where('date', '>=', from)
    .where('date', '<', to)
    .groupBy('type')
    .execute();
}

export function selfcheckByLabel(db: Db, storeIds: readonly number[], type: SelfcheckType, from: string, to: string) {
  return db
    .selectFrom('selfcheck_operations')
    .select((eb) => ['label', eb.fn.countAll<number>().as('n')])
    .where('store_id', 'in', [...storeIds])
    .where('type', '=', type)
    .where('date', '>=', from)
    .where('date', '<', to)
    .groupBy('label')
    .execute();
}

export function selfcheckByOriginDay(db: Db, storeIds: readonly number[], type: SelfcheckType, from: string, to: string) {
  return db
    .selectFrom('selfcheck_operations')
    .select((eb) => ['origin', day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('store_id', 'in', [...storeIds])
    .where('type', '=', type)
    .where('date', '>=', from)
    .where('date', '<', to)
    .groupBy(['origin', day])
    .execute();
}
