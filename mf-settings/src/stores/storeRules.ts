/** The library form's rules (data-areas §5, §6, §9) as pure functions; the server checks the same (contract/stores.ts). */
import moment, { type Moment } from 'moment';
import type { Store, StoreInput, StoreUpdate } from '@portal/api';
import { ADMIN_ONLY_STORE_FIELDS, DEFAULT_TIMEZONE, defaultExpirationDate as contractDefaultExpirationDate } from '@portal/contract';

export { DEFAULT_TIMEZONE };
export const CAPACITY_MIN = 1;
/** Open and close times move in 5-minute steps; the reset time is on the hour. */
export const TIME_STEP_MINUTES = 5;
export const LIBRARY_DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm';

/** Reset time choices: 00:00 to 23:00. */
export const RESET_TIME_OPTIONS: string[] = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

type AdminOnlyField = (typeof ADMIN_ONLY_STORE_FIELDS)[number];
/** Country, area, province, city, name and expiration date: editable by an admin only. */
export const isAdminOnlyField = (field: string): field is AdminOnlyField => (ADMIN_ONLY_STORE_FIELDS as readonly string[]).includes(field);
export const canEditStoreField = (isAdmin: boolean, field: string): boolean => isAdmin || !isAdminOnlyField(field);

/** Only an admin adds or deletes libraries. */
export const canAddOrDeleteStores = (role: string | null): boolean => role === 'admin';

export const isValidCapacity = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= CAPACITY_MIN;

/** 'HH:mm' of a time picker's moment or a text. */
export function timeText(value: unknown): string | null {
  if (moment.isMoment(value)) return value.isValid() ? value.format(TIME_FORMAT) : null;
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : null;
}

export const isOnTheHour = (value: unknown): boolean => timeText(value)?.endsWith(':00') ?? false;
export const isFiveMinuteStep = (value: unknown): boolean => {
  const text = timeText(value);
  return text !== null && Number(text.slice(3)) % TIME_STEP_MINUTES === 0;
};

/** The default expiration date of a new library: one year after its today (the contract's one rule, also the server's). */
export const defaultExpirationDate = (today: Date = new Date(), timezone: string = DEFAULT_TIMEZONE): string => contractDefaultExpirationDate(timezone, today);

/** The public SIP operations link the library form shows. */
export const sipOperationsPath = (storeCode: string): string => `/sipOperations/${encodeURIComponent(storeCode)}`;

const EDITABLE_TEXT = [
  'code',
  'address',
  'manager',
  'managertel',
  'timezone',
  'fieldCode',
  'fieldObjectId',
  'field1',
  'field2',
  'field3',
  'field4',
  'field5',
  'field6',
] as const;
const ADMIN_TEXT = ['country', 'area', 'province', 'city', 'name'] as const;

const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const dateText = (value: unknown): string => (moment.isMoment(value) ? (value as Moment).format(LIBRARY_DATE_FORMAT) : trimmed(value));

/** PUT/POST body: texts trimmed, times HH:mm, the date YYYY-MM-DD; admin-only fields only from an admin. */
export function storeBody(values: Record<string, unknown>, isAdmin: boolean): StoreUpdate {
  const body: Record<string, unknown> = {};
  for (const field of EDITABLE_TEXT) body[field] = trimmed(values[field]);
  body.capacity = values.capacity;
  body.resetTime = timeText(values.resetTime);
  body.startTime = timeText(values.startTime);
  body.endTime = timeText(values.endTime);
  if (isAdmin) {
    for (const field of ADMIN_TEXT) body[field] = trimmed(values[field]);
    body.expirationDate = dateText(values.expirationDate);
  }
  return body as StoreUpdate;
}

/** A new library (admin only): every field. */
export const newStoreBody = (values: Record<string, unknown>): StoreInput => storeBody(values, true) as StoreInput;

/** Initial values of a new library. */
export const newStoreDefaults = (today: Date = new Date()): Partial<Store> => ({
  timezone: DEFAULT_TIMEZONE,
  expirationDate: defaultExpirationDate(today),
  capacity: 100,
  resetTime: '00:00',
  startTime: '09:00',
  endTime: '21:00',
});
