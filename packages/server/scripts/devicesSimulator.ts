/**
 * A library's devices talking to the portal through the public intake API, as a vendor's device would:
 * people counters, a security gate and a self-check station (what they send: ./devicesSimulation.ts).
 * Plain fetch and JSON, no portal code, so it doubles as an integration example:
 *
 *   POST {url}/api/devices/records        { records: [{ sensorId, date, countIn, countOut }] }
 *   POST {url}/api/devices/alarms         { alarms: [{ sensorId, date, type, antenna, uid, barcode, … }] }
 *   POST {url}/api/devices/sipOperations  { operations: [{ operationId, type, status, … }] }
 *   header x-device-key: <the library's device key>, answer 200 { accepted, duplicates, rejected: [{ index, code, message }] }
 *
 * Delivery: a batch that timed out or got a 5xx is sent again, byte for byte (the intake is idempotent: a
 * reading or alarm received twice counts once, a SIP operation is upserted by its operationId); a 429 waits
 * for its Retry-After. Other 4xx answers are not retried: the batch itself is wrong, or the key is refused (401,
 * 403), which stops the simulator.
 */
import { lastTickOfDay, localTime, Simulation, type SimulationOptions } from './devicesSimulation';

export interface SimulatorOptions extends Omit<SimulationOptions, 'runId'> {
  /** The portal's address, e.g. http://localhost:8080. */
  url: string;
  /** A device key of the library (Settings → Devices), sent as x-device-key. */
  key: string;
  /** Seconds between two readings. */
  intervalSeconds: number;
  /** The library's time zone (readings are stamped with the library's local time). */
  timeZone: string;
  /** Milliseconds a request may take before it is abandoned and sent again. */
  requestTimeoutMs?: number;
  /** One line per batch sent (and per problem); quiet when absent. */
  log?: (line: string) => void;
  /** Only this many ticks (tests, a quick look); endless when absent. */
  ticks?: number;
}

export interface IntakeAnswer {
  accepted: number;
  duplicates: number;
  rejected: Array<{ index: number; code: string; message: string }>;
}

/** The key was refused (revoked, or never valid): nothing this simulator sends can be stored. */
export class KeyRefused extends Error {}

/** Longest pause between two attempts of one batch. */
const MAX_BACKOFF_MS = 60_000;

/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Retry-After in milliseconds: seconds or an HTTP date; `fallback` when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number, fallback: number): number {
  if (!header) return fallback;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? fallback : Math.max(0, date - now);
}

/**
 * Sends one batch until the portal has stored it (200) or refused it (4xx); null when refused or stopped.
 * Every attempt sends the same bytes.
 */
export async function sendBatch(
  options: Pick<SimulatorOptions, 'url' | 'key' | 'requestTimeoutMs' | 'log'>,
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<IntakeAnswer | null> {
  const payload = JSON.stringify(body);
  const log = options.log ?? (() => undefined);
  let backoff = 1000;
  const again = async (why: string, waitMs = backoff) => {
    log(`${path}: ${why}; sending the same batch again in ${Math.round(waitMs / 1000)} s`);
    await sleep(waitMs, signal);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };
  while (!signal.aborted) {
    let response: Response;
    try {
      response = await fetch(new URL(path, options.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': options.key },
        body: payload,
        signal: AbortSignal.any([signal, AbortSignal.timeout(options.requestTimeoutMs ?? 15_000)]),
      });
    } catch (e) {
      if (signal.aborted) return null;
      // A time-out or a connection that failed: the portal may or may not have stored the batch; resending is safe.
      await again((e as Error).name === 'TimeoutError' ? 'no answer in time' : `not reachable (${(e as Error).message})`);
      continue;
    }
    if (response.status === 200) return (await response.json()) as IntakeAnswer;
    const text = await response.text().catch(() => '');
    if (response.status === 429) {
      await again('too many requests', retryAfterMs(response.headers.get('retry-after'), Date.now(), backoff));
    } else if (response.status >= 500) {
      await again(`the portal answered ${response.status}`);
    } else if (response.status === 401 || response.status === 403) {
      throw new KeyRefused(`${path}: the device key was refused (${response.status}): ${text}`);
    } else {
      log(`${path}: refused (${response.status}), not sent again: ${text}`);
      return null;
    }
  }
  return null;
}

function describe(kind: string, sent: number, answer: IntakeAnswer | null): string {
  if (!answer) return `${kind}: ${sent} not stored`;
  const rejected = answer.rejected.map((r) => `#${r.index} ${r.code} ${r.message}`).join('; ');
  return `${kind}: ${sent} sent, ${answer.accepted} accepted, ${answer.duplicates} duplicates, ${answer.rejected.length} rejected${rejected ? ` (${rejected})` : ''}`;
}

/**
 * Sends the library's traffic every `intervalSeconds` until `signal` aborts (or `ticks` ticks). A reading
 * covers the time since the previous one, so counts made while the portal was unreachable arrive with the next.
 */
export async function runSimulator(options: SimulatorOptions, signal: AbortSignal): Promise<void> {
  const simulation = new Simulation({ ...options, runId: `sim${Date.now().toString(36)}` });
  const log = options.log ?? (() => undefined);
  const interval = options.intervalSeconds * 1000;
  let previous = Date.now() - interval;
  for (let tick = 0; !signal.aborted && (options.ticks === undefined || tick < options.ticks); tick += 1) {
    const started = Date.now();
    const now = localTime(new Date(started), options.timeZone);
    const next = localTime(new Date(started + interval), options.timeZone);
    const { records, alarms, operations } = simulation.step(now, (started - previous) / 1000, lastTickOfDay(now, next, options.closeHour));
    previous = started;
    const send = async (kind: string, path: string, body: unknown, rows: number) => {
      const answer = await sendBatch(options, path, body, signal);
      if (!signal.aborted) log(describe(`${now.text} ${kind}`, rows, answer));
    };
    if (records.length) await send('readings', '/api/devices/records', { records }, records.length);
    if (alarms.length) await send('alarms', '/api/devices/alarms', { alarms }, alarms.length);
    if (operations.length) await send('SIP operations', '/api/devices/sipOperations', { operations }, operations.length);
    if (options.ticks === undefined || tick + 1 < options.ticks) await sleep(Math.max(0, started + interval - Date.now()), signal);
  }
}
