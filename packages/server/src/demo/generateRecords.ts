/**
 * People-counter records: one row per sensor and 5-minute slot (stamped with the slot's start, library
 * wall clock). Each visitor is simulated: an arrival slot drawn from the daily shape, a stay, an entrance
 * and an exit sensor. Visitors still inside at closing leave in the last slot, so in and out balance and
 * "inside" returns to 0 every evening; at the round-the-clock library, late stays carry into the next
 * day. Today stops at the library's current time, so people are inside right now.
 */
import { SLOT_MINUTES, SLOT_TIMES, SLOTS_PER_DAY, arrivalCdf, sampleCdf, seasonFactor } from './generateCalendar';
import { bulkTable, type Cell } from './generateBulk';
import type { GenContext } from './generateContext';
import { activeDays, isOpenOn, type Library } from './generateLibraries';
import { rngFor, type Rng } from './generateRandom';

export const RECORDS = bulkTable('records', { store_id: 'int', sensor_id: 'int', date: 'text', count_in: 'int', count_out: 'int' });

/** Visitors of a library on a day (0 when closed): capacity × turnover × season × noise. */
export function dailyVisitors(library: Library, day: string): number {
  if (!isOpenOn(library.spec, day)) return 0;
  const r = rngFor('visitors', library.spec.code, day);
  const turnover = library.spec.openDays === 'always' ? 2.2 : 3.2;
  return Math.max(0, Math.round(library.spec.capacity * turnover * seasonFactor(day) * r.normal(1, 0.08)));
}

/** Minutes a visitor stays: quick returns, ordinary visits and long study sessions. */
function stayMinutes(r: Rng, studyRoom: boolean): number {
  const kind = r.weighted([
    ['short', 0.3],
    ['medium', 0.5],
    ['long', studyRoom ? 0.6 : 0.2],
  ] as const);
  if (kind === 'short') return r.int(3, 25);
  if (kind === 'medium') return r.int(30, 120);
  return r.int(120, studyRoom ? 420 : 300);
}

function pickSensor(r: Rng, library: Library): number {
  if (library.sensors.length === 1) return 0;
  let u = r.next();
  for (let i = 0; i < library.sensors.length; i += 1) {
    u -= library.sensors[i].weight;
    if (u < 0) return i;
  }
  return library.sensors.length - 1;
}

/** Counter rows of one library, oldest first. */
export function* libraryRecords(library: Library, dense: boolean): Generator<Cell[]> {
  const openSlot = Math.floor(library.open / SLOT_MINUTES);
  const closeSlot = Math.ceil(library.close / SLOT_MINUTES);
  const slots = closeSlot - openSlot;
  const cdf = arrivalCdf(openSlot, closeSlot);
  const sensorCount = library.sensors.length;
  const roundTheClock = library.spec.openDays === 'always';
  let carry = new Int32Array(sensorCount * slots);
  const today = library.clock.day;

  for (const day of activeDays(library)) {
    const counts = { in: new Int32Array(sensorCount * slots), out: carry };
    carry = new Int32Array(sensorCount * slots);
    const visitors = dailyVisitors(library, day);
    const r = rngFor('visits', library.spec.code, day);
    for (let p = 0; p < visitors; p += 1) {
      const arrival = sampleCdf(cdf, r.next());
      const entry = pickSensor(r, library);
      const exit = r.chance(0.8) ? entry : pickSensor(r, library);
      const departure = arrival + Math.floor(stayMinutes(r, roundTheClock) / SLOT_MINUTES);
      counts.in[entry * slots + arrival] += 1;
      if (departure < slots) counts.out[exit * slots + departure] += 1;
      else if (roundTheClock) carry[exit * slots + Math.min(slots - 1, departure - SLOTS_PER_DAY)] += 1;
      else counts.out[exit * slots + slots - 1] += 1;
    }
    if (visitors === 0 && !counts.out.some((n) => n > 0)) continue;
    for (let slot = 0; slot < slots; slot += 1) {
      const date = `${day} ${SLOT_TIMES[openSlot + slot]}`;
      if (day === today && date > library.clock.dateTime) break;
      for (let s = 0; s < sensorCount; s += 1) {
        const countIn = counts.in[s * slots + slot];
        const countOut = counts.out[s * slots + slot];
        if (dense || countIn || countOut) yield [library.id, library.sensors[s].id, date, countIn, countOut];
      }
    }
  }
}

export async function generateRecords(ctx: GenContext, libraries: Library[]): Promise<number> {
  const dense = ctx.profile.denseRecords;
  function* all(): Generator<Cell[]> {
    for (const library of libraries) yield* libraryRecords(library, dense);
  }
  let reported = 0;
  return ctx.writer.insert(RECORDS, all(), (done) => {
    if (done - reported >= 500_000) {
      reported = done;
      ctx.log(`  records: ${done.toLocaleString('en')}`);
    }
  });
}
