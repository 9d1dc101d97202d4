/**
 * RFID gate alarms: a share of each day's visitors sets one off at an entrance sensor. Every type, both
 * activated states and every circulation status 01..13 appear (a fixed set yesterday at the first
 * library guarantees it even for short histories). Alarms of the last 90 days with a known item also
 * become ALARM item events.
 */
import type { AlarmType } from '../db/schema';
import { SLOT_MINUTES, addDays, arrivalCdf, localDateTime, sampleCdf } from './generateCalendar';
import { bulkTable, nextId, type Cell } from './generateBulk';
import type { Catalogue } from './generateCatalogues';
import type { GenContext } from './generateContext';
import { ITEM_EVENTS, itemEventCells, type ItemEvent } from './generateItemEvents';
import { catalogueItem, itemObjectId, UNKNOWN_CATALOGUE } from './generateItems';
import { activeDays, type Library } from './generateLibraries';
import { dailyVisitors } from './generateRecords';
import { rngFor, type Rng } from './generateRandom';

export const ALARMS = bulkTable('alarms', {
  id: 'int',
  store_id: 'int',
  sensor_id: 'int',
  sensor_name: 'text',
  date: 'text',
  type: 'text',
  antenna: 'text',
  uid: 'text',
  barcode: 'text',
  title_identifier: 'text',
  circulation_status: 'text',
  alarm_activated: 'int',
});

export const ALARM_TYPES: readonly AlarmType[] = ['EAS', 'AFI_1', 'AFI_2', 'AFI_3', 'AFI_4'];
export const CIRCULATION_STATUSES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'] as const;

const TYPE_WEIGHTS: readonly (readonly [AlarmType, number])[] = [
  ['EAS', 45],
  ['AFI_1', 20],
  ['AFI_2', 15],
  ['AFI_3', 12],
  ['AFI_4', 8],
];
const STATUS_WEIGHTS: readonly (readonly [string, number])[] = [
  ['01', 8],
  ['02', 2],
  ['03', 30],
  ['04', 15],
  ['05', 3],
  ['06', 5],
  ['07', 3],
  ['08', 4],
  ['09', 6],
  ['10', 4],
  ['11', 3],
  ['12', 6],
  ['13', 10],
];
const ALARMS_PER_VISITOR = 0.012;
const EVENT_DAYS = 90;

interface AlarmDraft {
  minutes: number;
  sensor: number;
  type: AlarmType;
  status: string | null;
  activated: boolean;
}

/** Minutes after midnight of an event during opening hours, following the visit shape. */
export function openHoursMinutes(r: Rng, library: Library, cdf: Float64Array): number {
  return (Math.floor(library.open / SLOT_MINUTES) + sampleCdf(cdf, r.next())) * SLOT_MINUTES + r.next() * SLOT_MINUTES;
}

export async function generateAlarms(ctx: GenContext, libraries: Library[], catalogues: Catalogue[]): Promise<{ alarms: number; events: number }> {
  let id = await nextId(ctx.db, 'alarms');
  const events: ItemEvent[] = [];
  const yesterday = addDays(ctx.anchorDay, -1);

  function* rows(): Generator<Cell[]> {
    for (const library of libraries) {
      const main = catalogues.find((c) => c.library === library && c.number === 1);
      const cdf = arrivalCdf(Math.floor(library.open / SLOT_MINUTES), Math.ceil(library.close / SLOT_MINUTES));
      const eventsFrom = addDays(library.clock.day, -EVENT_DAYS);
      for (const day of activeDays(library)) {
        const r = rngFor('alarms', library.spec.code, day);
        const drafts: AlarmDraft[] = [];
        for (let n = r.poisson(dailyVisitors(library, day) * ALARMS_PER_VISITOR); n > 0; n -= 1) {
          drafts.push({
            minutes: openHoursMinutes(r, library, cdf),
            sensor: r.int(0, library.sensors.length - 1),
            type: r.weighted(TYPE_WEIGHTS),
            status: r.chance(0.85) ? r.weighted(STATUS_WEIGHTS) : null,
            activated: r.chance(0.78),
          });
        }
        if (library.number === 1 && day === yesterday) {
          CIRCULATION_STATUSES.forEach((status, k) =>
            drafts.push({
              minutes: 10 * 60 + k * 7,
              sensor: 0,
              type: ALARM_TYPES[k % ALARM_TYPES.length],
              status,
              activated: k % 2 === 0,
            }),
          );
        }
        drafts.sort((a, b) => a.minutes - b.minutes);
        for (const [k, d] of drafts.entries()) {
          const date = localDateTime(day, d.minutes);
          if (day === library.clock.day && date > library.clock.dateTime) break;
          // Tags of unknown items (null status) carry a UID but no barcode.
          const item = d.status && main ? catalogueItem(library, main.number, r.int(0, main.size - 1)) : null;
          const uid = item?.objectId ?? itemObjectId(library, UNKNOWN_CATALOGUE, (Number(day.replace(/-/g, '')) % 100_000) * 100 + k);
          const sensor = library.sensors[d.sensor];
          yield [
            id,
            library.id,
            sensor.id,
            sensor.name,
            date,
            d.type,
            String(r.int(1, 4)),
            uid,
            item?.code ?? '',
            item?.title ?? '',
            d.status ?? '01',
            d.activated ? 1 : 0,
          ];
          if (item && day >= eventsFrom) {
            events.push({
              storeId: library.id,
              code: item.code,
              objectId: item.objectId,
              date,
              type: 'ALARM',
              details: { alarmId: id, alarmType: d.type, sensorName: sensor.name, alarmActivated: d.activated, title: item.title },
            });
          }
          id += 1;
        }
      }
    }
  }
  const alarms = await ctx.writer.insert(ALARMS, rows());
  const eventCount = await ctx.writer.insert(ITEM_EVENTS, events.map(itemEventCells));
  return { alarms, events: eventCount };
}
