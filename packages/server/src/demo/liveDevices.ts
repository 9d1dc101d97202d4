/**
 * The demo portal's live devices (`npm start`: PORTAL_DEMO and PORTAL_DEMO_DEVICES on): each library that has
 * sensors and has not expired gets a fresh device key at every start (only a key's hash is stored, so the one
 * of the previous start is revoked and replaced), and the device simulator (scripts/devicesSimulator.ts) sends
 * its readings, alarms and SIP operations to this server through the public intake API, like a real library's
 * devices, until the server stops.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_SIMULATION } from '../../scripts/devicesSimulation';
import { KeyRefused, runSimulator, type SimulatorOptions } from '../../scripts/devicesSimulator';
import type { Database } from '../db/schema';
import { hashDeviceKey, newDeviceKey } from '../services/devices';

/** The name of the demo's device keys (Settings → Devices shows them). */
export const DEMO_KEY_NAME = 'Demo simulator';

/** Seconds between two readings of the demo's counters. */
const INTERVAL_SECONDS = 30;

const hourOf = (time: string) => Number(time.slice(0, 2));

/** Whole opening hours around 'HH:mm' times (a close before the open, or none: round the clock). */
export function openingHours(start: string, end: string): { openHour: number; closeHour: number } {
  const openHour = hourOf(start);
  const closeHour = Math.min(24, hourOf(end) + (end.slice(3, 5) === '00' ? 0 : 1));
  return closeHour > openHour ? { openHour, closeHour } : { openHour: 0, closeHour: 24 };
}

export interface DemoDevices {
  /** Stops every library's simulator (a request in flight is abandoned). */
  stop(): Promise<void>;
}

/** Starts the simulators against `url` (this server); returns once they run. `overrides`: tests' settings. */
export async function startDemoDevices(
  db: Kysely<Database>,
  url: string,
  now: Date,
  warn: (line: string) => void,
  overrides: Partial<SimulatorOptions> = {},
): Promise<DemoDevices> {
  const today = now.toISOString().slice(0, 10);
  const stores = await db
    .selectFrom('stores')
    .select(['id', 'code', 'capacity', 'start_time', 'end_time', 'timezone'])
    .where('expiration_date', '>=', today)
    .orderBy('id')
    .execute();
  // One controller per library: every simulator listens to its own (one shared signal would pass Node's listener warning).
  const controllers: AbortController[] = [];
  const runs: Promise<void>[] = [];
  for (const store of stores) {
    const sensors = await db.selectFrom('sensors').select('id').where('store_id', '=', store.id).where('retired', '=', 0).orderBy('id').execute();
    if (!sensors.length) continue;
    const barcodes = (
      await db.selectFrom('catalogue_items').select('code').where('store_id', '=', store.id).where('code', 'is not', null).orderBy('id').limit(300).execute()
    ).map((r) => r.code!);
    const key = newDeviceKey();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('device_keys')
        .set({ revoked_at: now.toISOString() })
        .where('store_id', '=', store.id)
        .where('name', '=', DEMO_KEY_NAME)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('device_keys')
        .values({
          store_id: store.id,
          name: DEMO_KEY_NAME,
          key_hash: hashDeviceKey(key),
          created_at: now.toISOString(),
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    });
    const stop = new AbortController();
    controllers.push(stop);
    const run = runSimulator(
      {
        ...DEFAULT_SIMULATION,
        ...openingHours(store.start_time, store.end_time),
        url,
        key,
        sensorIds: sensors.map((s) => s.id),
        intervalSeconds: INTERVAL_SECONDS,
        timeZone: store.timezone,
        // About the demo data's own turnover: three visitors per place and day, spread over the sensors.
        visitorsPerDay: Math.max(50, Math.round((store.capacity * 3) / sensors.length)),
        ...(barcodes.length ? { barcodes } : {}),
        station: `${store.code} Self-check 1`,
        seed: store.id,
        log: (line) => {
          if (!/ \d+ sent, \d+ accepted, \d+ duplicates, 0 rejected$/.test(line)) warn(`demo devices ${store.code}: ${line}`);
        },
        ...overrides,
      },
      stop.signal,
    ).catch((e: unknown) => warn(`demo devices ${store.code} stopped: ${e instanceof KeyRefused ? e.message : String(e)}`));
    runs.push(run);
  }
  return {
    async stop() {
      for (const controller of controllers) controller.abort();
      await Promise.all(runs);
    },
  };
}
