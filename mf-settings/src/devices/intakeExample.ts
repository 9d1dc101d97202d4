/** The ready-to-paste intake call shown with a new key: one people-counter reading through the public intake API. */
import { DEVICE_KEY_HEADER } from '@portal/api';

export interface IntakeExampleInput {
  /** The portal's address, e.g. window.location.origin. */
  origin: string;
  key: string;
  /** A sensor of the library; null leaves a placeholder to fill in. */
  sensorId: number | null;
  /** 'YYYY-MM-DD HH:mm:ss', the library's local time. */
  date: string;
}

export function intakeExample({ origin, key, sensorId, date }: IntakeExampleInput): string {
  const reading = `{"records":[{"sensorId":${sensorId ?? '<sensorId>'},"date":"${date}","countIn":1,"countOut":0}]}`;
  return [
    `curl -X POST '${origin}/api/devices/records' \\`,
    "  -H 'content-type: application/json' \\",
    `  -H '${DEVICE_KEY_HEADER}: ${key}' \\`,
    `  -d '${reading}'`,
  ].join('\n');
}

/** 'YYYY-MM-DD HH:mm:ss' now in a time zone (the library's local time the intake expects); UTC when unknown. */
export function libraryNow(timezone: string, now: Date = new Date()): string {
  const parts = (zone: string) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(now)
        .map((p) => [p.type, p.value]),
    );
  let p: Record<string, string>;
  try {
    p = parts(timezone);
  } catch {
    p = parts('UTC');
  }
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
