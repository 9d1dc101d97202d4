/**
 * A library's sensors and device keys (admins, or the `devices` permission on that library). A key is shown
 * once, when created; only its SHA-256 is stored, so a lost key is revoked and replaced, never recovered.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  DEVICE_KEY_PREFIX,
  ERROR_CODES,
  type CreatedDeviceKey,
  type DeviceKey,
  type DeviceKeyInput,
  type Sensor,
  type SensorInput,
  type SensorUpdate,
} from '@portal/contract';
import { localDateTime } from '../dashboard/clock';
import { ApiError, conflict } from '../errors';
import { assertStoreReachable, type AuthUser, type Deps } from './context';

const notFound = (what: string) => new ApiError(404, ERROR_CODES.NOT_FOUND, `${what} not found`);

/** Hex SHA-256 of a device key: what is stored and looked up. */
export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: the prefix and 32 random bytes (256 bits), URL-safe. */
export function newDeviceKey(): string {
  return `${DEVICE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

async function sensorRows(deps: Deps, storeId: number, sensorId?: number): Promise<Sensor[]> {
  let query = deps.db
    .selectFrom('sensors as s')
    .select(['s.id', 's.store_id', 's.name', 's.capacity', 's.retired', 's.created_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('records as r')
            .select(sql`1`.as('one'))
            .whereRef('r.sensor_id', '=', 's.id'),
        )
        .as('has_records'),
    )
    .where('s.store_id', '=', storeId)
    .orderBy('s.name')
    .orderBy('s.id');
  if (sensorId !== undefined) query = query.where('s.id', '=', sensorId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    storeId: r.store_id,
    name: r.name,
    capacity: r.capacity,
    retired: Boolean(r.retired),
    createdAt: r.created_at,
    hasRecords: Boolean(r.has_records),
  }));
}

async function oneSensor(deps: Deps, storeId: number, sensorId: number): Promise<Sensor> {
  const [sensor] = await sensorRows(deps, storeId, sensorId);
  if (!sensor) throw notFound('Sensor');
  return sensor;
}

export async function listSensors(deps: Deps, user: AuthUser, storeId: number): Promise<Sensor[]> {
  assertStoreReachable(user, storeId);
  return sensorRows(deps, storeId);
}

export async function createSensor(deps: Deps, user: AuthUser, storeId: number, body: SensorInput): Promise<Sensor> {
  assertStoreReachable(user, storeId);
  const { id } = await deps.db
    .insertInto('sensors')
    .values({ store_id: storeId, name: body.name.trim(), capacity: body.capacity, created_at: deps.config.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return oneSensor(deps, storeId, id);
}

export async function updateSensor(deps: Deps, user: AuthUser, storeId: number, sensorId: number, body: SensorUpdate): Promise<Sensor> {
  assertStoreReachable(user, storeId);
  const changes = {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
    ...(body.retired !== undefined ? { retired: body.retired ? (1 as const) : (0 as const) } : {}),
  };
  if (Object.keys(changes).length) {
    const result = await deps.db.updateTable('sensors').set(changes).where('id', '=', sensorId).where('store_id', '=', storeId).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('Sensor');
  }
  return oneSensor(deps, storeId, sensorId);
}

/** Deletes a sensor without records; one with records is refused (retire it instead), in one statement so none slips in between. */
export async function deleteSensor(deps: Deps, user: AuthUser, storeId: number, sensorId: number): Promise<{ ids: number[] }> {
  assertStoreReachable(user, storeId);
  const result = await deps.db
    .deleteFrom('sensors')
    .where('id', '=', sensorId)
    .where('store_id', '=', storeId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('records')
            .select(sql`1`.as('one'))
            .where('records.sensor_id', '=', sensorId),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 1) return { ids: [sensorId] };
  await oneSensor(deps, storeId, sensorId);
  throw conflict(ERROR_CODES.SENSOR_HAS_RECORDS, 'The sensor has records: retire it instead');
}

async function storeToday(deps: Deps, storeId: number): Promise<string> {
  const store = await deps.db.selectFrom('stores').select('timezone').where('id', '=', storeId).executeTakeFirst();
  return localDateTime(deps.config.now(), store?.timezone ?? '').slice(0, 10);
}

async function keyRows(deps: Deps, storeId: number, keyId?: number): Promise<DeviceKey[]> {
  const today = await storeToday(deps, storeId);
  let query = deps.db
    .selectFrom('device_keys as k')
    .leftJoin('device_key_days as d', (join) => join.onRef('d.device_key_id', '=', 'k.id').on('d.day', '=', today))
    .select(['k.id', 'k.store_id', 'k.name', 'k.created_at', 'k.last_used_at', 'k.revoked_at', 'd.records', 'd.alarms', 'd.sip_operations'])
    .where('k.store_id', '=', storeId)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc');
  if (keyId !== undefined) query = query.where('k.id', '=', keyId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    storeId: r.store_id,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    today: { records: Number(r.records ?? 0), alarms: Number(r.alarms ?? 0), sipOperations: Number(r.sip_operations ?? 0) },
  }));
}

export async function listDeviceKeys(deps: Deps, user: AuthUser, storeId: number): Promise<DeviceKey[]> {
  assertStoreReachable(user, storeId);
  return keyRows(deps, storeId);
}

export async function createDeviceKey(deps: Deps, user: AuthUser, storeId: number, body: DeviceKeyInput): Promise<CreatedDeviceKey> {
  assertStoreReachable(user, storeId);
  const key = newDeviceKey();
  const name = body.name.trim();
  const { id } = await deps.db
    .insertInto('device_keys')
    .values({ store_id: storeId, name, key_hash: hashDeviceKey(key), created_at: deps.config.now().toISOString(), last_used_at: null, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name, key };
}

/** Revokes a key (intake refuses it from the next request on); revoking a revoked key changes nothing. */
export async function revokeDeviceKey(deps: Deps, user: AuthUser, storeId: number, keyId: number): Promise<DeviceKey> {
  assertStoreReachable(user, storeId);
  await deps.db
    .updateTable('device_keys')
    .set({ revoked_at: deps.config.now().toISOString() })
    .where('id', '=', keyId)
    .where('store_id', '=', storeId)
    .where('revoked_at', 'is', null)
    .execute();
  const [key] = await keyRows(deps, storeId, keyId);
  if (!key) throw notFound('Device key');
  return key;
}
