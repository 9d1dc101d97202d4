/** Alarms: GET /api/alarms, /numAlarms, /export and DELETE (data-areas §2 Alarms, §3 Alarm, §6 delete only, §7). */
import { Type, type Static } from 'typebox';
import { IdListText } from './common';

export const ALARM_TYPES = ['EAS', 'AFI_1', 'AFI_2', 'AFI_3', 'AFI_4'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

export const Alarm = Type.Object({
  tid: Type.Integer(),
  storeId: Type.Integer(),
  store: Type.Object({ name: Type.String() }),
  sensorName: Type.String(),
  /** Local time of the library, 'YYYY-MM-DD HH:mm:ss'. */
  date: Type.String(),
  type: Type.String(),
  antenna: Type.String(),
  uid: Type.String(),
  barcode: Type.String(),
  titleIdentifier: Type.String(),
  /** Circulation status code '01'..'13'; others display as 'code - Unknown'. */
  circulationStatus: Type.String(),
  alarmActivated: Type.Boolean(),
});
export type Alarm = Static<typeof Alarm>;

/** The list's default order and filter (data-areas §2): date, newest first; activated alarms only. */
export const ALARMS_DEFAULT_ORDER = ['date', 'desc'] as const;
export const ALARMS_DEFAULT_SEARCH = { alarmActivated: 'true' } as const;

/** GET /api/alarms/numAlarms: over the list's search (its alarmActivated term aside). */
export const NumAlarms = Type.Object({
  numAlarms: Type.Integer(),
  numAlarmsActivated: Type.Integer(),
  numAlarmsDeactivated: Type.Integer(),
});
export type NumAlarms = Static<typeof NumAlarms>;

export const AlarmIdsParams = Type.Object({ ids: IdListText }, { additionalProperties: false });
export type AlarmIdsParams = Static<typeof AlarmIdsParams>;

/** data-areas §3 circulation status codes. */
export const CIRCULATION_STATUSES: Readonly<Record<string, string>> = {
  '01': 'Other',
  '02': 'On order',
  '03': 'Available',
  '04': 'Charged',
  '05': 'Charged not to be recalled until earliest recall date',
  '06': 'In process',
  '07': 'Recalled',
  '08': 'Waiting on hold shelf',
  '09': 'Waiting to be re-shelved',
  '10': 'In transit between library locations',
  '11': 'Claimed returned',
  '12': 'Lost',
  '13': 'Missing',
};
