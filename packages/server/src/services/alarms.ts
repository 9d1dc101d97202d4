/**
 * Alarms (data-areas §2, §3, §6, §7): the RFID gate alarms of the libraries the user holds, through the one
 * list engine (search, order, export); default order date newest first; counts of all, activated and
 * deactivated; delete only (alarms of other libraries: 403, nothing deleted). store.name comes from the
 * alarms_list view (migration 0008).
 */
import { ALARMS_DEFAULT_ORDER, ERROR_CODES, type Alarm, type ExportBody, type ListQuery, type NumAlarms } from '@portal/contract';
import { defineList, type Row } from '../lists/definition';
import { countMatching, listParams } from '../lists/engine';
import type { ExportFile } from '../lists/export/export';
import { exportLibrariesList, librariesListPage, librariesScope } from '../lists/libraries';
import { flag, text } from '../lists/rowValues';
import { planSearch, probeIndex } from '../lists/search';
import { forbidden } from '../errors';
import { storeScope, type AuthUser } from './context';
import type { FilesDeps } from './files';

export function toAlarm(row: Row): Alarm {
  return {
    tid: Number(row.id),
    storeId: Number(row.store_id),
    store: { name: text(row.store_name) },
    sensorName: text(row.sensor_name),
    date: text(row.date),
    type: text(row.type),
    antenna: text(row.antenna),
    uid: text(row.uid),
    barcode: text(row.barcode),
    titleIdentifier: text(row.title_identifier),
    circulationStatus: text(row.circulation_status),
    alarmActivated: flag(row.alarm_activated),
  };
}

export const ALARMS_LIST = defineList<Alarm>({
  table: 'alarms_list',
  columns: {
    tid: { column: 'id', type: 'integer' },
    storeId: { column: 'store_id', type: 'integer' },
    'store.name': { column: 'store_name', type: 'text' },
    sensorName: { column: 'sensor_name', type: 'text' },
    date: { column: 'date', type: 'timestamp' },
    type: { column: 'type', type: 'text' },
    antenna: { column: 'antenna', type: 'text' },
    uid: { column: 'uid', type: 'text', isCode: true },
    barcode: { column: 'barcode', type: 'text', isCode: true },
    titleIdentifier: { column: 'title_identifier', type: 'text' },
    circulationStatus: { column: 'circulation_status', type: 'text' },
    alarmActivated: { column: 'alarm_activated', type: 'boolean' },
  },
  toItem: toAlarm,
});

const DEFAULT_ORDER: [string, 'asc' | 'desc'] = [...ALARMS_DEFAULT_ORDER];

export function listAlarms(deps: FilesDeps, user: AuthUser, query: ListQuery) {
  return librariesListPage(deps.db, ALARMS_LIST, user, query, DEFAULT_ORDER);
}

/** The header counts: the list's search without its alarmActivated term, then split by it. */
export async function numAlarms(deps: FilesDeps, user: AuthUser, query: ListQuery): Promise<NumAlarms> {
  const { searchTexts = {} } = listParams(query);
  const rest = Object.fromEntries(Object.entries(searchTexts).filter(([field]) => field !== 'alarmActivated'));
  const count = async (extra: Record<string, string>) => {
    const scope = librariesScope(user);
    const terms = await probeIndex(deps.db, ALARMS_LIST, scope, planSearch(ALARMS_LIST, { ...rest, ...extra }));
    return countMatching(deps.db, ALARMS_LIST, scope, terms);
  };
  const [numAlarmsActivated, numAlarmsDeactivated] = await Promise.all([count({ alarmActivated: 'true' }), count({ alarmActivated: 'false' })]);
  return { numAlarms: numAlarmsActivated + numAlarmsDeactivated, numAlarmsActivated, numAlarmsDeactivated };
}

export function exportAlarms(deps: FilesDeps, user: AuthUser, body: ExportBody): Promise<ExportFile> {
  return exportLibrariesList(deps, user, ALARMS_LIST, body, DEFAULT_ORDER, 'alarms');
}

/** Deletes alarms by id; one that is not in the user's libraries (or does not exist) refuses them all. */
export async function deleteAlarms(deps: FilesDeps, user: AuthUser, idsText: string): Promise<{ ids: number[] }> {
  const ids = [...new Set(idsText.split(',').map(Number))];
  const stores = storeScope(user);
  return deps.db.transaction().execute(async (trx) => {
    if (stores && !stores.length) throw forbidden(ERROR_CODES.FORBIDDEN, 'Alarm not available');
    let query = trx.selectFrom('alarms').select('id').where('id', 'in', ids);
    if (stores) query = query.where('store_id', 'in', stores);
    const found = await query.execute();
    if (found.length !== ids.length) throw forbidden(ERROR_CODES.FORBIDDEN, 'Alarm not available');
    await trx.deleteFrom('alarms').where('id', 'in', ids).execute();
    return { ids: ids.sort((a, b) => a - b) };
  });
}
