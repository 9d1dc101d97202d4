/** SQL of the public displays (capacities and the public SIP summary). Time bounds are library wall-clock text. */
import { sql, type Kysely } from 'kysely';
import type { Database, StoreRow } from '../db/schema';

type Db = Kysely<Database>;

export type CapacityStore = Pick<StoreRow, 'id' | 'code' | 'name' | 'capacity' | 'reset_time' | 'start_time' | 'end_time' | 'timezone'>;

export function findUserByToken(db: Db, token: string) {
  return db.selectFrom('users').selectAll().where('token', '=', token).executeTakeFirst();
}

export function capacityStores(db: Db, ids: readonly number[]): Promise<CapacityStore[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stores')
    .select(['id', 'code', 'name', 'capacity', 'reset_time', 'start_time', 'end_time', 'timezone'])
    .where('id', 'in', [...ids])
    .execute();
}

export function storeByCode(db: Db, code: string): Promise<CapacityStore | undefined> {
  return db
    .selectFrom('stores')
    .select(['id', 'code', 'name', 'capacity', 'reset_time', 'start_time', 'end_time', 'timezone'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export function sensorsOf(db: Db, storeIds: readonly number[]) {
  return db
    .selectFrom('sensors')
    .select(['id', 'store_id', 'name', 'capacity'])
    .where('store_id', 'in', [...storeIds])
    .orderBy('id')
    .execute();
}

/** People inside per sensor: counted in − counted out over [from, to]. */
export function insideBySensor(db: Db, storeIds: readonly number[], from: string, to: string) {
  return db
    .selectFrom('records')
    .select((eb) => ['sensor_id', sql<number>`${eb.fn.sum('count_in')} - ${eb.fn.sum('count_out')}`.as('inside')])
    .where('store_id', 'in', [...storeIds])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy('sensor_id')
    .execute();
}

/** The query of sipCountsByTypeStatus (its plan is checked by migration 0016's test). */
export function sipCountsByTypeStatusQuery(db: Db, storeId: number, from: string, to: string) {
  return db
    .selectFrom('sip_operations')
    .select((eb) => ['type', 'status', eb.fn.countAll<number>().as('n'), eb.fn.max('transaction_date').as('last')])
    .where('store_id', '=', storeId)
    .where('transaction_date', '>=', from)
    .where('transaction_date', '<', to)
    .groupBy(['type', 'status']);
}

/** SIP operations of one library per type and status over [from, to), with the latest transaction time. */
export function sipCountsByTypeStatus(db: Db, storeId: number, from: string, to: string) {
  return sipCountsByTypeStatusQuery(db, storeId, from, to).execute();
}
