/**
 * Devices of a library (admins, or the `devices` permission on it): sensors and device keys. Device intake
 * (header x-device-key, never an access token): POST /api/devices/records, /alarms, /sipOperations.
 */
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  CreatedDeviceKey,
  DeletedIds,
  DeviceKey,
  DeviceKeyInput,
  DeviceKeyParams,
  IntakeAlarmsBody,
  IntakeRecordsBody,
  IntakeResult,
  ERROR_CODES,
  IntakeSipOperationsBody,
  Sensor,
  SensorInput,
  SensorParams,
  SensorUpdate,
  StoreIdParams,
} from '@portal/contract';
import type { App } from '../app';
import { Limiter } from '../auth/limiter';
import { ApiError } from '../errors';
import { currentDevice, currentUser } from '../plugins/auth';
import type { Deps } from '../services/context';
import { DEFAULT_DEVICE_RATE, DeviceRateLimiter } from '../services/deviceRate';
import { createDeviceKey, createSensor, deleteSensor, listDeviceKeys, listSensors, revokeDeviceKey, updateSensor } from '../services/devices';
import { batchRows, intakeAlarms, intakeRecords, intakeSipOperations } from '../services/intake';
import { INTAKE_ERRORS, intakeExamples } from './devicesDocs';

/** Largest intake body: 10,000 SIP operations with long titles fit. */
export const INTAKE_BODY_LIMIT = 8 * 1024 * 1024;
/**
 * Batches written at once by this process; the others wait their turn (up to INTAKE_QUEUE, then 429). Each batch
 * is a transaction holding the database connection between its statements (SQLite has one), so staff calls wait
 * for at most these few batches instead of every device's batch in flight.
 */
const INTAKE_CONCURRENCY = 2;
/** Queued batches hold their parsed bodies: 200 keeps a worst case of large batches within memory. */
const INTAKE_QUEUE = 200;

const config = { requirement: 'devices' as const };
const tags = ['devices'];

/**
 * The intake body schema documents the rows; the request is checked row by row by the service (a bad row is
 * reported and skipped, never a 400 for the batch), so only the query string is validated here.
 */
const rowsValidatedByService: FastifySchemaCompiler<TSchema> = (ctx) =>
  ctx.httpPart === 'body' ? (value: unknown) => ({ value }) : TypeBoxValidatorCompiler(ctx);

export function devicesRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/stores/:storeId/sensors',
    {
      config,
      schema: { tags, summary: "A library's sensors (retired ones too)", params: StoreIdParams, response: { 200: Type.Array(Sensor) } },
    },
    (r) => listSensors(deps, currentUser(r), r.params.storeId),
  );

  app.post(
    '/api/stores/:storeId/sensors',
    {
      config,
      schema: { tags, summary: "Add a sensor (capacity null: the library's)", params: StoreIdParams, body: SensorInput, response: { 201: Sensor } },
    },
    async (r, reply) => reply.code(201).send(await createSensor(deps, currentUser(r), r.params.storeId, r.body)),
  );

  app.put(
    '/api/stores/:storeId/sensors/:sensorId',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a sensor, set its capacity, or retire it (retired: hidden from new intake, history kept)',
        params: SensorParams,
        body: SensorUpdate,
        response: { 200: Sensor },
        errors: { 404: 'NOT_FOUND: no such sensor in this library' },
      },
    },
    (r) => updateSensor(deps, currentUser(r), r.params.storeId, r.params.sensorId, r.body),
  );

  app.delete(
    '/api/stores/:storeId/sensors/:sensorId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a sensor without records (one with records: 409, retire it instead)',
        params: SensorParams,
        response: { 200: DeletedIds },
        errors: { 404: 'NOT_FOUND: no such sensor in this library', 409: 'SENSOR_HAS_RECORDS: the sensor has records; retire it instead' },
      },
    },
    (r) => deleteSensor(deps, currentUser(r), r.params.storeId, r.params.sensorId),
  );

  app.get(
    '/api/stores/:storeId/deviceKeys',
    {
      config,
      schema: {
        tags,
        summary: "A library's device keys with what each sent today (never the key itself)",
        params: StoreIdParams,
        response: { 200: Type.Array(DeviceKey) },
      },
    },
    (r) => listDeviceKeys(deps, currentUser(r), r.params.storeId),
  );

  app.post(
    '/api/stores/:storeId/deviceKeys',
    {
      config,
      schema: {
        tags,
        summary: 'Create a device key: the answer holds the key, shown this once (only its hash is kept)',
        params: StoreIdParams,
        body: DeviceKeyInput,
        response: { 201: CreatedDeviceKey },
      },
    },
    async (r, reply) => reply.code(201).send(await createDeviceKey(deps, currentUser(r), r.params.storeId, r.body)),
  );

  app.delete(
    '/api/stores/:storeId/deviceKeys/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'revokeDeviceKey',
        summary: 'Revoke a device key: intake refuses it from now on',
        params: DeviceKeyParams,
        response: { 200: DeviceKey },
        errors: { 404: 'NOT_FOUND: no such device key in this library' },
      },
    },
    (r) => revokeDeviceKey(deps, currentUser(r), r.params.storeId, r.params.id),
  );

  const limiter = new DeviceRateLimiter({ ...DEFAULT_DEVICE_RATE, ...deps.config.deviceRate }, deps.config.now);
  const slots = new Limiter(
    INTAKE_CONCURRENCY,
    INTAKE_QUEUE,
    () =>
      new ApiError(
        429,
        ERROR_CODES.TOO_MANY_REQUESTS,
        "The server is busy with other devices' batches; retry after 1 s",
        { retryAfter: 1 },
        { 'retry-after': '1' },
      ),
  );
  const intake = {
    config: { device: true },
    bodyLimit: INTAKE_BODY_LIMIT,
    validatorCompiler: rowsValidatedByService,
    // After the key is known (the auth hook), before the body is read.
    onRequest: async (request: { deviceAuth: Parameters<typeof currentDevice>[0]['deviceAuth'] }) => limiter.take(currentDevice(request).keyId),
  } as const;
  const intakeTags = ['device intake'];
  const counted =
    (kind: string) =>
    (result: IntakeResult): IntakeResult => {
      app.metrics.intakeRows(kind, result);
      return result;
    };

  app.post(
    '/api/devices/records',
    {
      ...intake,
      schema: {
        tags: intakeTags,
        operationId: 'intakeRecords',
        summary: 'Send people-counter readings (idempotent per sensor and date)',
        description: intakeExamples.records.description,
        body: { ...IntakeRecordsBody, examples: [intakeExamples.records.body] },
        response: { 200: IntakeResult },
        errors: INTAKE_ERRORS,
      },
    },
    (r) => slots.run(() => intakeRecords(deps, currentDevice(r), batchRows(r.body, 'records'))).then(counted('records')),
  );

  app.post(
    '/api/devices/alarms',
    {
      ...intake,
      schema: {
        tags: intakeTags,
        operationId: 'intakeAlarms',
        summary: 'Send gate alarms (idempotent per sensor, date and uid)',
        description: intakeExamples.alarms.description,
        body: { ...IntakeAlarmsBody, examples: [intakeExamples.alarms.body] },
        response: { 200: IntakeResult },
        errors: INTAKE_ERRORS,
      },
    },
    (r) => slots.run(() => intakeAlarms(deps, currentDevice(r), batchRows(r.body, 'alarms'))).then(counted('alarms')),
  );

  app.post(
    '/api/devices/sipOperations',
    {
      ...intake,
      schema: {
        tags: intakeTags,
        operationId: 'intakeSipOperations',
        summary: 'Send self-check (SIP) operations (upserted by key and operationId)',
        description: intakeExamples.sipOperations.description,
        body: { ...IntakeSipOperationsBody, examples: [intakeExamples.sipOperations.body] },
        response: { 200: IntakeResult },
        errors: INTAKE_ERRORS,
      },
    },
    (r) => slots.run(() => intakeSipOperations(deps, currentDevice(r), batchRows(r.body, 'operations'))).then(counted('sipOperations')),
  );
}
