/**
 * Simulated devices of one library sending readings, alarms and SIP operations to a portal through the
 * public intake API (./devicesSimulator.ts; what they send: ./devicesSimulation.ts).
 *
 *   pnpm devices:simulate -- --url http://localhost:8080 --key pdk_… --sensors 1,2
 *
 * options: --url <address>       the portal (default http://localhost:8080)
 *          --key <key>           a device key of the library (Settings → Devices; also DEVICE_KEY)
 *          --sensors 1,2         the library's sensor ids (the Devices screen lists them)
 *          --interval <s>        seconds between readings (default 30)
 *          --tz <zone>           the library's time zone (default this machine's)
 *          --hours 8-21          opening hours (default 8-21; 0-24 round the clock)
 *          --visitors <n>        visitors a sensor counts in an open day (default 600)
 *          --alarms <n>          gate alarms an open hour (default 6)
 *          --sip <n>             self-check operations an open hour (default 40)
 *          --barcodes a,b,…      item barcodes for alarms and operations (default 3001 + 9 digits)
 *          --ticks <n>           stop after n readings (default: run until Ctrl+C)
 *          --seed <n>            the random seed (default 1)
 */
import { DEFAULT_SIMULATION } from './devicesSimulation';
import { KeyRefused, runSimulator } from './devicesSimulator';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function number(args: string[], name: string, fallback: number): number {
  const text = option(args, name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) fail(`${name} must be a number, not "${text}"`);
  return n;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const key = option(args, '--key') ?? process.env.DEVICE_KEY ?? fail('--key <device key> is required (Settings → Devices → Add key)');
  const sensorIds = (option(args, '--sensors') ?? fail("--sensors 1,2 is required: the ids of the library's sensors (Settings → Devices)"))
    .split(',')
    .map((s) => Number(s.trim()));
  if (!sensorIds.length || sensorIds.some((id) => !Number.isInteger(id) || id < 1)) fail('--sensors takes sensor ids separated by commas, e.g. 1,2');
  const hours = /^(\d{1,2})-(\d{1,2})$/.exec(option(args, '--hours') ?? `${DEFAULT_SIMULATION.openHour}-${DEFAULT_SIMULATION.closeHour}`);
  if (!hours || Number(hours[1]) >= Number(hours[2]) || Number(hours[2]) > 24) fail('--hours takes opening-closing hours, e.g. 8-21 (0-24: round the clock)');
  const barcodes = option(args, '--barcodes')
    ?.split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  const interval = number(args, '--interval', 30);
  if (interval < 1) fail('--interval must be at least 1 second');

  const timeZone = option(args, '--tz') ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  console.log(
    `Sensors ${sensorIds.join(', ')}: a reading every ${interval} s, open ${hours[1]}-${hours[2]} h ${timeZone} (closed: only readings that count somebody). Ctrl+C stops.`,
  );
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    await runSimulator(
      {
        ...DEFAULT_SIMULATION,
        url: option(args, '--url') ?? 'http://localhost:8080',
        key,
        sensorIds,
        intervalSeconds: interval,
        timeZone,
        openHour: Number(hours[1]),
        closeHour: Number(hours[2]),
        visitorsPerDay: number(args, '--visitors', DEFAULT_SIMULATION.visitorsPerDay),
        alarmsPerHour: number(args, '--alarms', DEFAULT_SIMULATION.alarmsPerHour),
        sipPerHour: number(args, '--sip', DEFAULT_SIMULATION.sipPerHour),
        ...(barcodes?.length ? { barcodes } : {}),
        seed: number(args, '--seed', DEFAULT_SIMULATION.seed),
        ...(option(args, '--ticks') ? { ticks: number(args, '--ticks', 1) } : {}),
        log: (line) => console.log(line),
      },
      stop.signal,
    );
  } catch (e) {
    if (e instanceof KeyRefused) fail(e.message);
    throw e;
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
