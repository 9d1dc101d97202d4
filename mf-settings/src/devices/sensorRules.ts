/** The sensor form's rules as pure functions; the server checks the same (contract/devices.ts). */
import type { Sensor, SensorInput, SensorUpdate } from '@portal/api';

export const SENSOR_NAME_MAX = 100;
export const SENSOR_CAPACITY_MAX = 1_000_000;

/** Empty (the library's capacity) or a whole number from 1 to SENSOR_CAPACITY_MAX. */
export function isValidSensorCapacity(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SENSOR_CAPACITY_MAX;
}

const capacityOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** POST body of a new sensor from the form's values. */
export function newSensorBody(values: Record<string, unknown>): SensorInput {
  return { name: String(values.name ?? '').trim(), capacity: capacityOf(values.capacity) };
}

/** PUT body of an edited sensor: only what changed. */
export function sensorUpdateBody(sensor: Sensor, values: Record<string, unknown>): SensorUpdate {
  const body: SensorUpdate = {};
  const name = String(values.name ?? '').trim();
  const capacity = capacityOf(values.capacity);
  const retired = values.retired === true;
  if (name !== sensor.name) body.name = name;
  if (capacity !== sensor.capacity) body.capacity = capacity;
  if (retired !== sensor.retired) body.retired = retired;
  return body;
}
