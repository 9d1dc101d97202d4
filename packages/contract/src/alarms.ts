/** Alarms: GET /api/alarms, /numAlarms, /export and DELETE (data-areas §2 Alarms, §3 Alarm, §6 delete only, §7). */
import { Type, type Static } from 'typebox';
import { IdListText } from './common';
export * from './values/alarms';

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

/** GET /api/alarms/numAlarms: over the list's search (its alarmActivated term aside). */
export const NumAlarms = Type.Object({
  numAlarms: Type.Integer(),
  numAlarmsActivated: Type.Integer(),
  numAlarmsDeactivated: Type.Integer(),
});
export type NumAlarms = Static<typeof NumAlarms>;

export const AlarmIdsParams = Type.Object({ ids: IdListText }, { additionalProperties: false });
export type AlarmIdsParams = Static<typeof AlarmIdsParams>;
