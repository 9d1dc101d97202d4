/** Alarm types, the list defaults and circulation statuses, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

export const ALARM_TYPES = ['EAS', 'AFI_1', 'AFI_2', 'AFI_3', 'AFI_4'] as const;

export type AlarmType = (typeof ALARM_TYPES)[number];

/** The list's default order and filter (data-areas §2): date, newest first; activated alarms only. */
export const ALARMS_DEFAULT_ORDER = ['date', 'desc'] as const;

export const ALARMS_DEFAULT_SEARCH = { alarmActivated: 'true' } as const;

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
