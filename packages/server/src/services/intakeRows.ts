/**
 * Validation of intake rows, one at a time: a bad row is reported (index, code, message) and skipped, the
 * others are kept. Codes: INTAKE_ROW_CODES. Messages name the field, never its value (a patron identifier
 * is personal data).
 */
import {
  ALARM_TYPES,
  DEFAULT_SELFCHECK_LABEL,
  INTAKE_ROW_CODES,
  INTAKE_TEXT_LIMITS,
  LOCAL_DATE_TIME_PATTERN,
  MAX_READING_COUNT,
  SIP_STATUSES,
  SIP_TYPES,
  type AlarmType,
  type IntakeRowCode,
  type SipStatus,
  type SipType,
} from '@portal/contract';

export interface Rejected {
  index: number;
  code: IntakeRowCode;
  message: string;
}

/** A row that failed validation. */
export class RowError extends Error {
  constructor(
    readonly code: IntakeRowCode,
    message: string,
  ) {
    super(message);
  }
}

export interface SensorInfo {
  name: string;
  retired: boolean;
}

const DATE = new RegExp(LOCAL_DATE_TIME_PATTERN);
type Row = Record<string, unknown>;

function asRow(value: unknown): Row {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RowError(INTAKE_ROW_CODES.INVALID_ROW, 'A row must be an object');
  return value as Row;
}

function present(row: Row, field: string): unknown {
  const value = row[field];
  if (value === undefined || value === null) throw new RowError(INTAKE_ROW_CODES.MISSING_FIELD, `${field} is required`);
  return value;
}

function text(row: Row, field: keyof typeof INTAKE_TEXT_LIMITS, optional = false): string {
  if (optional && (row[field] === undefined || row[field] === null)) return '';
  const value = present(row, field);
  if (typeof value !== 'string') throw new RowError(INTAKE_ROW_CODES.INVALID_FIELD, `${field} must be a string`);
  if (value.length > INTAKE_TEXT_LIMITS[field])
    throw new RowError(INTAKE_ROW_CODES.FIELD_TOO_LONG, `${field} is longer than ${INTAKE_TEXT_LIMITS[field]} characters`);
  if (value.includes('\u0000')) throw new RowError(INTAKE_ROW_CODES.INVALID_FIELD, `${field} must not contain NUL characters`);
  return value;
}

function flag(row: Row, field: string): boolean {
  const value = present(row, field);
  if (typeof value !== 'boolean') throw new RowError(INTAKE_ROW_CODES.INVALID_FIELD, `${field} must be true or false`);
  return value;
}

/** A real 'YYYY-MM-DD HH:mm:ss' (no 31 April). */
function date(row: Row, field: string, optional = false): string | null {
  if (optional && (row[field] === undefined || row[field] === null)) return null;
  const value = present(row, field);
  if (typeof value !== 'string' || !DATE.test(value)) throw new RowError(INTAKE_ROW_CODES.INVALID_DATE, `${field} must be 'YYYY-MM-DD HH:mm:ss'`);
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) throw new RowError(INTAKE_ROW_CODES.INVALID_DATE, `${field} is not a calendar date`);
  return value;
}

function count(row: Row, field: string): number {
  const value = present(row, field);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_READING_COUNT) {
    throw new RowError(INTAKE_ROW_CODES.INVALID_COUNT, `${field} must be an integer from 0 to ${MAX_READING_COUNT}`);
  }
  return value;
}

function oneOf<T extends string>(row: Row, field: string, values: readonly T[], code: IntakeRowCode): T {
  const value = present(row, field);
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) throw new RowError(code, `${field} must be one of ${values.join(', ')}`);
  return value as T;
}

function sensor(row: Row, sensors: ReadonlyMap<number, SensorInfo>): { id: number; name: string } {
  const value = present(row, 'sensorId');
  const info = typeof value === 'number' ? sensors.get(value) : undefined;
  if (!info || info.retired) throw new RowError(INTAKE_ROW_CODES.UNKNOWN_SENSOR, "sensorId is not an active sensor of the key's library");
  return { id: value as number, name: info.name };
}

export interface RecordRow {
  sensorId: number;
  date: string;
  countIn: number;
  countOut: number;
}

export function recordRow(value: unknown, sensors: ReadonlyMap<number, SensorInfo>): RecordRow {
  const row = asRow(value);
  const { id } = sensor(row, sensors);
  return { sensorId: id, date: date(row, 'date') as string, countIn: count(row, 'countIn'), countOut: count(row, 'countOut') };
}

export interface AlarmRow {
  sensorId: number;
  sensorName: string;
  date: string;
  type: AlarmType;
  antenna: string;
  uid: string;
  barcode: string;
  titleIdentifier: string;
  circulationStatus: string;
  alarmActivated: boolean;
}

export function alarmRow(value: unknown, sensors: ReadonlyMap<number, SensorInfo>): AlarmRow {
  const row = asRow(value);
  const { id, name } = sensor(row, sensors);
  return {
    sensorId: id,
    sensorName: name,
    date: date(row, 'date') as string,
    type: oneOf(row, 'type', ALARM_TYPES, INTAKE_ROW_CODES.INVALID_TYPE),
    antenna: text(row, 'antenna'),
    uid: text(row, 'uid'),
    barcode: text(row, 'barcode', true),
    titleIdentifier: text(row, 'titleIdentifier', true),
    circulationStatus: text(row, 'circulationStatus', true),
    alarmActivated: flag(row, 'alarmActivated'),
  };
}

export interface SipRow {
  operationId: string;
  origin: string;
  type: SipType;
  offline: boolean;
  patronIdentifier: string;
  itemIdentifier: string;
  titleIdentifier: string;
  transactionDate: string;
  dueDate: string | null;
  executionDate: string | null;
  status: SipStatus;
  error: string;
  /** The dashboard's label (blank: DEFAULT_SELFCHECK_LABEL). */
  label: string;
}

export function sipRow(value: unknown): SipRow {
  const row = asRow(value);
  const operationId = text(row, 'operationId');
  if (!operationId.trim()) throw new RowError(INTAKE_ROW_CODES.MISSING_FIELD, 'operationId is required');
  return {
    operationId,
    origin: text(row, 'origin'),
    type: oneOf(row, 'type', SIP_TYPES, INTAKE_ROW_CODES.INVALID_TYPE),
    offline: flag(row, 'offline'),
    patronIdentifier: text(row, 'patronIdentifier'),
    itemIdentifier: text(row, 'itemIdentifier'),
    titleIdentifier: text(row, 'titleIdentifier'),
    transactionDate: date(row, 'transactionDate') as string,
    dueDate: date(row, 'dueDate', true),
    executionDate: date(row, 'executionDate', true),
    status: oneOf(row, 'status', SIP_STATUSES, INTAKE_ROW_CODES.INVALID_STATUS),
    error: text(row, 'error', true),
    label: text(row, 'label', true).trim() || DEFAULT_SELFCHECK_LABEL,
  };
}

/**
 * Validates every row; the valid ones are kept in batch order, those whose key repeats an earlier valid row
 * of the batch are dropped and counted (`repeats`), or with `lastWins` the later row replaces the earlier.
 */
export function validateRows<T>(rows: readonly unknown[], parse: (row: unknown) => T, keyOf: (row: T) => string, lastWins = false) {
  const rejected: Rejected[] = [];
  const valid = new Map<string, T>();
  let repeats = 0;
  rows.forEach((value, index) => {
    try {
      const row = parse(value);
      const key = keyOf(row);
      if (valid.has(key)) {
        repeats += 1;
        if (lastWins) {
          valid.delete(key);
          valid.set(key, row);
        }
      } else valid.set(key, row);
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      rejected.push({ index, code: e.code, message: e.message });
    }
  });
  return { valid: [...valid.values()], rejected, repeats };
}
