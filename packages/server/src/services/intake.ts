/**
 * Device intake: people-counter readings, gate alarms and SIP operations sent with a device key. Each batch
 * is one transaction, answered only once committed (a 200 means the rows are durable). Rows are idempotent
 * by the database's unique keys over device rows (records: sensor + date; alarms: sensor + date + uid; SIP
 * operations: key + operationId, whose later versions update the row), so a device may resend a batch after a
 * time-out. In the hour a clock goes back, a sensor's second reading of a wall-clock time is such a duplicate:
 * a device sends one reading per slot there.
 * Alarms with a barcode and SIP operations with an item identifier also write their item event (Search), as
 * the demo data does; a completed CHECKOUT, CHECKIN or RENEW also its selfcheck operation (dashboard's SelfCheck,
 * read live, nothing cached). The per-day totals of records are kept by database triggers (migrations 0003, 0017).
 */
import { ERROR_CODES, foldText, MAX_INTAKE_ROWS, type IntakeResult } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { localDateTime } from '../dashboard/clock';
import type { Database, SelfcheckType } from '../db/schema';
import { ApiError } from '../errors';
import type { Deps } from './context';
import { hashDeviceKey } from './devices';
import { alarmRow, recordRow, sipRow, validateRows, type SensorInfo, type SipRow } from './intakeRows';

/** The key a device request was authenticated with. */
export interface DeviceAuth {
  keyId: number;
  storeId: number;
  timezone: string;
}

/** The active key of an x-device-key header, or 401 (never an access token: intake reads only this header). */
export async function authenticateDevice(db: Kysely<Database>, header: unknown): Promise<DeviceAuth> {
  if (typeof header !== 'string' || header === '') throw new ApiError(401, ERROR_CODES.DEVICE_KEY_MISSING, 'Device key required (x-device-key)');
  if (header.length > 200) throw new ApiError(401, ERROR_CODES.DEVICE_KEY_INVALID, 'Invalid or revoked device key');
  const row = await db
    .selectFrom('device_keys as k')
    .innerJoin('stores as s', 's.id', 'k.store_id')
    .select(['k.id', 'k.store_id', 's.timezone'])
    .where('k.key_hash', '=', hashDeviceKey(header))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new ApiError(401, ERROR_CODES.DEVICE_KEY_INVALID, 'Invalid or revoked device key');
  return { keyId: row.id, storeId: row.store_id, timezone: row.timezone };
}

/** Refuses a batch above MAX_INTAKE_ROWS, or a body whose list is not an array, before any row is read. */
export function batchRows(body: unknown, field: string): unknown[] {
  const rows = (body as Record<string, unknown> | null)?.[field];
  if (!Array.isArray(rows)) throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, `body/${field} must be an array`);
  if (rows.length > MAX_INTAKE_ROWS) {
    throw new ApiError(413, ERROR_CODES.BATCH_TOO_LARGE, `At most ${MAX_INTAKE_ROWS} rows per batch`, { maxRows: MAX_INTAKE_ROWS });
  }
  return rows;
}

const CHUNK = 500;
function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

async function storeSensors(db: Kysely<Database>, storeId: number): Promise<Map<number, SensorInfo>> {
  const rows = await db.selectFrom('sensors').select(['id', 'name', 'retired']).where('store_id', '=', storeId).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, retired: Boolean(r.retired) }]));
}

type Kind = 'records' | 'alarms' | 'sip_operations';

/** Counts the batch's stored rows on the key's day and marks the key used, in the batch's transaction. */
async function noteUse(deps: Deps, trx: Transaction<Database>, auth: DeviceAuth, kind: Kind, stored: number): Promise<void> {
  const now = deps.config.now();
  await trx.updateTable('device_keys').set({ last_used_at: now.toISOString() }).where('id', '=', auth.keyId).execute();
  if (stored === 0) return;
  const day = localDateTime(now, auth.timezone).slice(0, 10);
  await trx
    .insertInto('device_key_days')
    .values({ device_key_id: auth.keyId, day, records: 0, alarms: 0, sip_operations: 0, [kind]: stored })
    .onConflict((oc) => oc.columns(['device_key_id', 'day']).doUpdateSet((eb) => ({ [kind]: eb(`device_key_days.${kind}`, '+', stored) })))
    .execute();
}

function itemEvent(storeId: number, code: string, objectId: string | null, date: string, type: 'ALARM' | 'SIP_OPERATION', details: object) {
  return {
    store_id: storeId,
    code,
    object_id: objectId,
    date,
    type,
    inventory_id: null,
    inventory_group_id: null,
    details: JSON.stringify(details),
    search_text: foldText([code, objectId].filter(Boolean).join(' ')),
  };
}

export async function intakeRecords(deps: Deps, auth: DeviceAuth, rows: unknown[]): Promise<IntakeResult> {
  const sensors = await storeSensors(deps.db, auth.storeId);
  const { valid, rejected, repeats } = validateRows(
    rows,
    (r) => recordRow(r, sensors),
    (r) => `${r.sensorId} ${r.date}`,
  );
  const accepted = await deps.db.transaction().execute(async (trx) => {
    let inserted = 0;
    for (const chunk of chunks(valid)) {
      const ids = await trx
        .insertInto('records')
        .values(
          chunk.map((r) => ({
            store_id: auth.storeId,
            sensor_id: r.sensorId,
            date: r.date,
            count_in: r.countIn,
            count_out: r.countOut,
            device_key_id: auth.keyId,
          })),
        )
        .onConflict((oc) => oc.columns(['sensor_id', 'date']).where('device_key_id', 'is not', null).doNothing())
        .returning('id')
        .execute();
      inserted += ids.length;
    }
    await noteUse(deps, trx, auth, 'records', inserted);
    return inserted;
  });
  return { accepted, duplicates: valid.length - accepted + repeats, rejected };
}

export async function intakeAlarms(deps: Deps, auth: DeviceAuth, rows: unknown[]): Promise<IntakeResult> {
  const sensors = await storeSensors(deps.db, auth.storeId);
  const key = (sensorId: number, date: string, uid: string) => JSON.stringify([sensorId, date, uid]);
  const { valid, rejected, repeats } = validateRows(
    rows,
    (r) => alarmRow(r, sensors),
    (r) => key(r.sensorId, r.date, r.uid),
  );
  const byKey = new Map(valid.map((r) => [key(r.sensorId, r.date, r.uid), r]));
  const accepted = await deps.db.transaction().execute(async (trx) => {
    let inserted = 0;
    for (const chunk of chunks(valid)) {
      const stored = await trx
        .insertInto('alarms')
        .values(
          chunk.map((r) => ({
            store_id: auth.storeId,
            sensor_id: r.sensorId,
            sensor_name: r.sensorName,
            date: r.date,
            type: r.type,
            antenna: r.antenna,
            uid: r.uid,
            barcode: r.barcode,
            title_identifier: r.titleIdentifier,
            circulation_status: r.circulationStatus,
            alarm_activated: r.alarmActivated ? (1 as const) : (0 as const),
            device_key_id: auth.keyId,
          })),
        )
        .onConflict((oc) => oc.columns(['sensor_id', 'date', 'uid']).where('device_key_id', 'is not', null).doNothing())
        .returning(['id', 'sensor_id', 'date', 'uid'])
        .execute();
      inserted += stored.length;
      const events = stored.flatMap((s) => {
        const r = byKey.get(key(s.sensor_id as number, s.date, s.uid));
        if (!r?.barcode) return [];
        return [
          itemEvent(auth.storeId, r.barcode, r.uid || null, r.date, 'ALARM', {
            alarmId: s.id,
            alarmType: r.type,
            sensorName: r.sensorName,
            alarmActivated: r.alarmActivated,
            title: r.titleIdentifier,
          }),
        ];
      });
      if (events.length) await trx.insertInto('item_events').values(events).execute();
    }
    await noteUse(deps, trx, auth, 'alarms', inserted);
    return inserted;
  });
  return { accepted, duplicates: valid.length - accepted + repeats, rejected };
}

function sipColumns(r: SipRow) {
  return {
    origin: r.origin,
    type: r.type,
    offline: r.offline ? (1 as const) : (0 as const),
    patron_identifier: r.patronIdentifier,
    item_identifier: r.itemIdentifier,
    title_identifier: r.titleIdentifier,
    transaction_date: r.transactionDate,
    due_date: r.dueDate,
    execution_date: r.executionDate,
    status: r.status,
    error: r.error,
  };
}
type SipColumns = ReturnType<typeof sipColumns>;

const SELFCHECK_TYPES: ReadonlySet<string> = new Set(['CHECKOUT', 'CHECKIN', 'RENEW'] satisfies SelfcheckType[]);

/** A completed (SUCCESS, or WARNING: done with a message) checkout, checkin or renewal counts in the dashboard's SelfCheck. */
function selfcheck(storeId: number, id: number, r: SipRow) {
  if (!SELFCHECK_TYPES.has(r.type) || (r.status !== 'SUCCESS' && r.status !== 'WARNING')) return [];
  return [{ store_id: storeId, type: r.type as SelfcheckType, label: r.label, origin: r.origin, date: r.transactionDate, sip_operation_id: id }];
}

function sipEvent(storeId: number, id: number, r: SipRow) {
  return itemEvent(storeId, r.itemIdentifier, null, r.transactionDate, 'SIP_OPERATION', {
    sipOperationId: id,
    sipType: r.type,
    status: r.status,
    origin: r.origin,
    title: r.titleIdentifier,
  });
}

/**
 * SIP operations upserted by key + operationId: a new one is inserted; a known one whose fields changed (an
 * offline PENDING operation later SUCCESS) is updated, and its item event and selfcheck operation replaced; an
 * unchanged one is a duplicate (a label sent anew alone changes nothing).
 */
export async function intakeSipOperations(deps: Deps, auth: DeviceAuth, rows: unknown[]): Promise<IntakeResult> {
  const { valid, rejected, repeats } = validateRows(rows, sipRow, (r) => r.operationId, true);
  const accepted = await deps.db.transaction().execute(async (trx) => {
    let stored = 0;
    for (const chunk of chunks(valid)) {
      const inserted = await trx
        .insertInto('sip_operations')
        .values(chunk.map((r) => ({ store_id: auth.storeId, device_key_id: auth.keyId, operation_id: r.operationId, ...sipColumns(r) })))
        .onConflict((oc) => oc.columns(['device_key_id', 'operation_id']).doNothing())
        .returning(['id', 'operation_id'])
        .execute();
      stored += inserted.length;
      const insertedIds = new Map(inserted.map((s) => [s.operation_id as string, s.id]));
      const events = chunk
        .filter((r) => r.itemIdentifier && insertedIds.has(r.operationId))
        .map((r) => sipEvent(auth.storeId, insertedIds.get(r.operationId) as number, r));
      const selfchecks = chunk.flatMap((r) => (insertedIds.has(r.operationId) ? selfcheck(auth.storeId, insertedIds.get(r.operationId) as number, r) : []));
      const known = chunk.filter((r) => !insertedIds.has(r.operationId));
      if (known.length) {
        const existing = await trx
          .selectFrom('sip_operations')
          .selectAll()
          .where('device_key_id', '=', auth.keyId)
          .where(
            'operation_id',
            'in',
            known.map((r) => r.operationId),
          )
          .execute();
        const byId = new Map(existing.map((e) => [e.operation_id as string, e]));
        for (const r of known) {
          const before = byId.get(r.operationId);
          if (!before) continue;
          const after = sipColumns(r);
          if ((Object.keys(after) as (keyof SipColumns)[]).every((k) => before[k] === after[k])) continue;
          await trx.updateTable('sip_operations').set(after).where('id', '=', before.id).execute();
          await trx
            .deleteFrom('item_events')
            .where('store_id', '=', auth.storeId)
            .where('type', '=', 'SIP_OPERATION')
            .where('date', '=', before.transaction_date)
            .where('details', 'like', `{"sipOperationId":${before.id},%`)
            .execute();
          if (r.itemIdentifier) events.push(sipEvent(auth.storeId, before.id, r));
          await trx.deleteFrom('selfcheck_operations').where('sip_operation_id', '=', before.id).execute();
          selfchecks.push(...selfcheck(auth.storeId, before.id, r));
          stored += 1;
        }
      }
      if (events.length) await trx.insertInto('item_events').values(events).execute();
      if (selfchecks.length) await trx.insertInto('selfcheck_operations').values(selfchecks).execute();
    }
    await noteUse(deps, trx, auth, 'sip_operations', stored);
    return stored;
  });
  return { accepted, duplicates: valid.length - accepted + repeats, rejected };
}
