/** Whether a wall-clock time happens at all in a timezone (a spring-forward hour does not). */
import { localDateTime } from '../dashboard/clock';

const HOUR_MS = 3_600_000;

export function wallClockExists(dateTime: string, timeZone: string): boolean {
  const asUtc = Date.parse(`${dateTime.replace(' ', 'T')}Z`);
  // The zone's offsets around that time: the time exists when one of them maps back onto it.
  for (const probe of [asUtc - 24 * HOUR_MS, asUtc, asUtc + 24 * HOUR_MS]) {
    const offset = Date.parse(`${localDateTime(new Date(probe), timeZone).replace(' ', 'T')}Z`) - probe;
    if (localDateTime(new Date(asUtc - offset), timeZone) === dateTime) return true;
  }
  return false;
}

const offsetAt = (instant: number, timeZone: string) => Date.parse(`${localDateTime(new Date(instant), timeZone).replace(' ', 'T')}Z`) - instant;

/**
 * A test for the wall-clock times of one day (`YYYY-MM-DD`): a day without an offset change has every
 * time; only a transition day asks the zone about each time.
 */
export function wallClockTest(day: string, timeZone: string): (dateTime: string) => boolean {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (offsetAt(midnight - 14 * HOUR_MS, timeZone) === offsetAt(midnight + 38 * HOUR_MS, timeZone)) return () => true;
  return (dateTime) => wallClockExists(dateTime, timeZone);
}
