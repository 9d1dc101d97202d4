import moment from 'moment';
import type { FormField, FormValues, KeyValueRow } from './types';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object becomes key/value rows; nested objects (and any non-text value) are stringified. */
export function objectToRows(value: unknown): KeyValueRow[] {
  if (Array.isArray(value)) return value.filter(isPlainObject).map((r) => ({ key: String(r.key ?? ''), value: String(r.value ?? '') }));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).map(([key, v]) => ({ key, value: typeof v === 'string' ? v : JSON.stringify(v) }));
}

/** A text parsed as JSON where possible ('1' → 1, '{"a":1}' → {a:1}), otherwise kept as text. */
export function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Rows back to an object, skipping rows without a key. */
export function rowsToObject(rows: unknown, parseValues: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of objectToRows(rows)) {
    const key = row.key.trim();
    if (key !== '') out[key] = parseValues ? parseJsonValue(row.value) : row.value;
  }
  return out;
}

const DATE_TYPES = new Set(['date', 'time', 'datetime']);

/** A form value as the control expects it: object fields as rows, dates as moments. */
export function toControlValue(field: FormField, value: unknown): unknown {
  if (field.type === 'object') return objectToRows(value);
  if (DATE_TYPES.has(field.type) && (typeof value === 'string' || typeof value === 'number')) {
    const parsed = field.type === 'time' && typeof value === 'string' ? moment(value, ['HH:mm:ss', 'HH:mm']) : moment(value);
    return parsed.isValid() ? parsed : undefined;
  }
  return value;
}

/** Initial values of the form, from each field's initialValue. */
export function initialValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.type === 'button') continue;
    if (field.initialValue !== undefined || field.type === 'object') values[field.name] = toControlValue(field, field.initialValue);
  }
  return values;
}

/** JSON import: the file's values for the form's fields (a params object becomes key/value rows). */
export function importedValues(json: unknown, fields: readonly FormField[]): FormValues {
  if (!isPlainObject(json)) throw new Error('The imported file does not hold a JSON object');
  const values: FormValues = {};
  for (const field of fields) {
    if (field.type === 'button' || !(field.name in json)) continue;
    values[field.name] = toControlValue(field, json[field.name]);
  }
  return values;
}

/** What onOk receives: object fields as objects (values kept as text). */
export function submittedValues(values: FormValues, fields: readonly FormField[]): FormValues {
  const out: FormValues = { ...values };
  for (const field of fields) if (field.type === 'object') out[field.name] = rowsToObject(values[field.name], false);
  return out;
}

/** JSON export: object fields as objects whose values are parsed as JSON where possible. */
export function exportedValues(values: FormValues, fields: readonly FormField[]): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    if (field.type === 'button' || !(field.name in values)) continue;
    out[field.name] = field.type === 'object' ? rowsToObject(values[field.name], true) : values[field.name];
  }
  return out;
}
