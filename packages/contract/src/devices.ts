/**
 * Devices of a library: its people-counting sensors, the keys its devices send data with, and the intake
 * calls those devices use (people-counter readings, gate alarms, self-check SIP operations).
 *
 * Management (admins, or the `devices` permission on the library): GET/POST /api/stores/{storeId}/sensors,
 * PUT/DELETE /api/stores/{storeId}/sensors/{sensorId}, GET/POST /api/stores/{storeId}/deviceKeys,
 * DELETE /api/stores/{storeId}/deviceKeys/{id} (revoke).
 *
 * Intake (header `x-device-key`, never an access token): POST /api/devices/records, /api/devices/alarms,
 * /api/devices/sipOperations. Each row is validated on its own: bad rows are reported in `rejected` and
 * skipped, good rows are kept; a row already received (same key fields) counts as a duplicate.
 */
import { Type, type Static } from 'typebox';
import { Id, RequiredText } from './common';
import { ALARM_TYPES } from './alarms';
import { SIP_STATUSES, SIP_TYPES } from './sipOperations';
import { LOCAL_DATE_TIME_PATTERN } from './records';
export * from './values/devices';

/** Every device key starts with this prefix (recognisable in configuration files and secret scanners). */
export const DEVICE_KEY_PREFIX = 'pdk_';
/** Rows per intake batch; a larger batch is refused whole (BATCH_TOO_LARGE, details { maxRows }). */
export const MAX_INTAKE_ROWS = 10_000;

/** Text limits of intake fields (longer: FIELD_TOO_LONG). */
export const INTAKE_TEXT_LIMITS = {
  antenna: 100,
  uid: 255,
  barcode: 255,
  titleIdentifier: 500,
  circulationStatus: 20,
  operationId: 100,
  origin: 255,
  patronIdentifier: 255,
  itemIdentifier: 255,
  error: 2000,
  label: 100,
} as const;
/** Highest countIn / countOut of one reading. */
export const MAX_READING_COUNT = 1_000_000;

/** Codes of `rejected[].code` in an intake answer. */
export const INTAKE_ROW_CODES = {
  /** The row is not a JSON object. */
  INVALID_ROW: 'INVALID_ROW',
  /** A required field is absent or null. */
  MISSING_FIELD: 'MISSING_FIELD',
  /** A field of the wrong JSON type (text where a number is expected, …). */
  INVALID_FIELD: 'INVALID_FIELD',
  /** A text longer than its limit (INTAKE_TEXT_LIMITS). */
  FIELD_TOO_LONG: 'FIELD_TOO_LONG',
  /** sensorId is not a sensor of the key's library, or that sensor is retired. */
  UNKNOWN_SENSOR: 'UNKNOWN_SENSOR',
  /** A date that is not a real 'YYYY-MM-DD HH:mm:ss'. */
  INVALID_DATE: 'INVALID_DATE',
  /** countIn / countOut not an integer from 0 to MAX_READING_COUNT. */
  INVALID_COUNT: 'INVALID_COUNT',
  /** An alarm or SIP operation type that is not one of the listed ones. */
  INVALID_TYPE: 'INVALID_TYPE',
  /** A SIP status that is not one of the listed ones. */
  INVALID_STATUS: 'INVALID_STATUS',
} as const;
export type IntakeRowCode = (typeof INTAKE_ROW_CODES)[keyof typeof INTAKE_ROW_CODES];

export const Sensor = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  name: Type.String(),
  /** Capacity of the area the sensor counts; null = the library's capacity. */
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  /** A retired sensor is hidden from new intake; its history is kept. */
  retired: Type.Boolean(),
  /** UTC, ISO 8601. */
  createdAt: Type.String(),
  /** True while records refer to it: it cannot be deleted, only retired. */
  hasRecords: Type.Boolean(),
});
export type Sensor = Static<typeof Sensor>;

const SensorCapacity = Type.Union([Type.Integer({ minimum: 1, maximum: 1000000 }), Type.Null()]);

/** POST /api/stores/{storeId}/sensors. */
export const SensorInput = Type.Object(
  {
    name: RequiredText(100),
    capacity: SensorCapacity,
  },
  { additionalProperties: false },
);
export type SensorInput = Static<typeof SensorInput>;

/** PUT /api/stores/{storeId}/sensors/{sensorId}: the fields sent change. */
export const SensorUpdate = Type.Object(
  {
    name: Type.Optional(RequiredText(100)),
    capacity: Type.Optional(SensorCapacity),
    retired: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SensorUpdate = Static<typeof SensorUpdate>;

export const SensorParams = Type.Object({ storeId: Id, sensorId: Id }, { additionalProperties: false });
export type SensorParams = Static<typeof SensorParams>;

/** Rows a key sent today (the library's day), by kind. */
export const DeviceKeyToday = Type.Object({
  records: Type.Integer(),
  alarms: Type.Integer(),
  sipOperations: Type.Integer(),
});

/** A device key as listed: never its secret. */
export const DeviceKey = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer(),
  name: Type.String(),
  /** UTC, ISO 8601. */
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  today: DeviceKeyToday,
});
export type DeviceKey = Static<typeof DeviceKey>;

/** POST /api/stores/{storeId}/deviceKeys. */
export const DeviceKeyInput = Type.Object({ name: RequiredText(100) }, { additionalProperties: false });
export type DeviceKeyInput = Static<typeof DeviceKeyInput>;

/** The answer of creating a key: the only time `key` is shown; the server keeps only its hash. */
export const CreatedDeviceKey = Type.Object({ id: Type.Integer(), name: Type.String(), key: Type.String() });
export type CreatedDeviceKey = Static<typeof CreatedDeviceKey>;

export const DeviceKeyParams = Type.Object({ storeId: Id, id: Id }, { additionalProperties: false });
export type DeviceKeyParams = Static<typeof DeviceKeyParams>;

/** The answer of every intake call. */
export const IntakeResult = Type.Object({
  /** Rows stored (new, or for SIP operations an existing operation whose fields changed). */
  accepted: Type.Integer(),
  /** Rows already received before (or repeated in this batch): nothing changed. */
  duplicates: Type.Integer(),
  /** Rows refused: their index in the batch, a code of INTAKE_ROW_CODES and a message. */
  rejected: Type.Array(Type.Object({ index: Type.Integer(), code: Type.String(), message: Type.String() })),
});
export type IntakeResult = Static<typeof IntakeResult>;

const LocalDateTime = Type.String({ pattern: LOCAL_DATE_TIME_PATTERN, description: "Library local time, 'YYYY-MM-DD HH:mm:ss'" });
const Text = (maxLength: number) => Type.String({ maxLength });
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Text(maxLength), Type.Null()]));

/** One people-counter reading: idempotent per sensor and date. */
export const IntakeRecord = Type.Object({
  sensorId: Id,
  date: LocalDateTime,
  countIn: Type.Integer({ minimum: 0, maximum: MAX_READING_COUNT }),
  countOut: Type.Integer({ minimum: 0, maximum: MAX_READING_COUNT }),
});
export type IntakeRecord = Static<typeof IntakeRecord>;

/** One gate alarm: idempotent per sensor, date and uid. */
export const IntakeAlarm = Type.Object({
  sensorId: Id,
  date: LocalDateTime,
  type: Type.Union(ALARM_TYPES.map((t) => Type.Literal(t))),
  antenna: Text(INTAKE_TEXT_LIMITS.antenna),
  uid: Text(INTAKE_TEXT_LIMITS.uid),
  barcode: OptionalText(INTAKE_TEXT_LIMITS.barcode),
  titleIdentifier: OptionalText(INTAKE_TEXT_LIMITS.titleIdentifier),
  circulationStatus: OptionalText(INTAKE_TEXT_LIMITS.circulationStatus),
  alarmActivated: Type.Boolean(),
});
export type IntakeAlarm = Static<typeof IntakeAlarm>;

/** The dashboard's label of a self-check operation sent without one. */
export const DEFAULT_SELFCHECK_LABEL = 'OTHER';

/**
 * One self-check (SIP) operation: upserted by key and operationId, so a PENDING operation can later become SUCCESS.
 * A CHECKOUT, CHECKIN or RENEW whose status is SUCCESS or WARNING (completed, with a message) counts once in the
 * dashboard's SelfCheck figures, dated by its transactionDate and split by `label`; it stops counting if it later
 * moves to PENDING or ERROR.
 */
export const IntakeSipOperation = Type.Object({
  operationId: Type.String({ minLength: 1, maxLength: INTAKE_TEXT_LIMITS.operationId, description: "The station's own id of the operation" }),
  origin: Text(INTAKE_TEXT_LIMITS.origin),
  type: Type.Union(SIP_TYPES.map((t) => Type.Literal(t))),
  offline: Type.Boolean(),
  patronIdentifier: Text(INTAKE_TEXT_LIMITS.patronIdentifier),
  itemIdentifier: Text(INTAKE_TEXT_LIMITS.itemIdentifier),
  titleIdentifier: Text(INTAKE_TEXT_LIMITS.titleIdentifier),
  transactionDate: LocalDateTime,
  dueDate: Type.Optional(Type.Union([LocalDateTime, Type.Null()])),
  executionDate: Type.Optional(Type.Union([LocalDateTime, Type.Null()])),
  status: Type.Union(SIP_STATUSES.map((s) => Type.Literal(s))),
  error: OptionalText(INTAKE_TEXT_LIMITS.error),
  label: Type.Optional(
    Type.Union([
      Type.String({
        maxLength: INTAKE_TEXT_LIMITS.label,
        description: `The item's material or collection as the station knows it (e.g. 'Book', 'DVD'): the dashboard's SelfCheck pies split by it. Absent or blank: '${DEFAULT_SELFCHECK_LABEL}'`,
      }),
      Type.Null(),
    ]),
  ),
});
export type IntakeSipOperation = Static<typeof IntakeSipOperation>;

export const IntakeRecordsBody = Type.Object({ records: Type.Array(IntakeRecord) });
export type IntakeRecordsBody = Static<typeof IntakeRecordsBody>;
export const IntakeAlarmsBody = Type.Object({ alarms: Type.Array(IntakeAlarm) });
export type IntakeAlarmsBody = Static<typeof IntakeAlarmsBody>;
export const IntakeSipOperationsBody = Type.Object({ operations: Type.Array(IntakeSipOperation) });
export type IntakeSipOperationsBody = Static<typeof IntakeSipOperationsBody>;
