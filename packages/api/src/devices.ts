/** Devices of a library: its sensors and device keys (GET/POST/PUT/DELETE under /api/stores/{storeId}). */
import type { CreatedDeviceKey, DeviceKey, Sensor, SensorInput, SensorUpdate } from '@portal/contract';
import { api } from './client';

export type { CreatedDeviceKey, DeviceKey, Sensor, SensorInput, SensorUpdate };
export { DEVICE_KEY_HEADER } from '@portal/contract';

const sensorsUrl = (storeId: number) => `/api/stores/${storeId}/sensors`;
const keysUrl = (storeId: number) => `/api/stores/${storeId}/deviceKeys`;

export function getSensors(storeId: number): Promise<Sensor[]> {
  return api.get(sensorsUrl(storeId));
}

export function createSensor(storeId: number, body: SensorInput): Promise<Sensor> {
  return api.post(sensorsUrl(storeId), body);
}

/** Only the fields sent change; `{ retired: true }` retires the sensor (hidden from new intake, history kept). */
export function updateSensor(storeId: number, sensorId: number, body: SensorUpdate): Promise<Sensor> {
  return api.put(`${sensorsUrl(storeId)}/${sensorId}`, body);
}

/** Refused with 409 SENSOR_HAS_RECORDS while records refer to the sensor. */
export function deleteSensor(storeId: number, sensorId: number): Promise<unknown> {
  return api.delete(`${sensorsUrl(storeId)}/${sensorId}`);
}

/** The library's keys, never their secrets. */
export function getDeviceKeys(storeId: number): Promise<DeviceKey[]> {
  return api.get(keysUrl(storeId));
}

/** The answer holds the key itself: the only time it is ever returned. */
export function createDeviceKey(storeId: number, name: string): Promise<CreatedDeviceKey> {
  return api.post(keysUrl(storeId), { name });
}

/** Revokes a key: the intake calls refuse it at once. */
export function revokeDeviceKey(storeId: number, id: number): Promise<unknown> {
  return api.delete(`${keysUrl(storeId)}/${id}`);
}
