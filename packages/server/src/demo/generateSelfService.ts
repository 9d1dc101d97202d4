/**
 * SIP operations from the self-check machines, the return box and the mobile app, and the self-check
 * operations behind the dashboard (every successful or warned CHECKOUT, CHECKIN or RENEW, labelled by
 * the item's material, with the SIP origin). The return box and the app work on closed days too, so
 * every day has self-service activity. A fixed set yesterday at the first library holds every
 * type × status pair. SIP operations of the last 21 days become SIP_OPERATION item events.
 */
import type { SelfcheckType, SipStatus, SipType } from '../db/schema';
import { SLOT_MINUTES, addDays, arrivalCdf, localDateTime } from './generateCalendar';
import { openHoursMinutes } from './generateAlarms';
import { bulkTable, nextId, type Cell } from './generateBulk';
import type { Catalogue } from './generateCatalogues';
import type { GenContext } from './generateContext';
import { ITEM_EVENTS, itemEventCells, type ItemEvent } from './generateItemEvents';
import { catalogueItem } from './generateItems';
import { activeDays, isOpenOn, type Library } from './generateLibraries';
import { dailyVisitors } from './generateRecords';
import { rngFor, type Rng } from './generateRandom';
import type { Language } from './generateText';

export const SIP_OPERATIONS = bulkTable('sip_operations', {
  id: 'int',
  store_id: 'int',
  origin: 'text',
  type: 'text',
  offline: 'int',
  patron_identifier: 'text',
  item_identifier: 'text',
  title_identifier: 'text',
  transaction_date: 'text',
  due_date: 'text',
  execution_date: 'text',
  status: 'text',
  error: 'text',
});
export const SELFCHECK_OPERATIONS = bulkTable('selfcheck_operations', { store_id: 'int', type: 'text', label: 'text', origin: 'text', date: 'text' });

export const SIP_TYPES: readonly SipType[] = ['CHECKIN', 'CHECKIN_PENDING', 'CHECKOUT', 'CHECKOUT_CANCEL', 'RENEW', 'INFORMATION'];
export const SIP_STATUSES: readonly SipStatus[] = ['PENDING', 'SUCCESS', 'WARNING', 'ERROR'];

type OriginKind = 'machine' | 'box' | 'app';

const ORIGIN_NAMES: Record<Language, Record<'machine' | 'box' | 'app', string>> = {
  es: { machine: 'Autopréstamo', box: 'Buzón de devolución', app: 'App móvil' },
  ca: { machine: 'Autopréstec', box: 'Bústia de retorn', app: 'App mòbil' },
  gl: { machine: 'Autopréstamo', box: 'Caixa de devolución', app: 'App móbil' },
};

const TYPE_WEIGHTS: Record<OriginKind, readonly (readonly [SipType, number])[]> = {
  machine: [
    ['CHECKOUT', 45],
    ['CHECKIN', 30],
    ['RENEW', 8],
    ['INFORMATION', 10],
    ['CHECKIN_PENDING', 3],
    ['CHECKOUT_CANCEL', 4],
  ],
  box: [
    ['CHECKIN', 85],
    ['CHECKIN_PENDING', 15],
  ],
  app: [
    ['RENEW', 70],
    ['INFORMATION', 30],
  ],
};
const STATUS_WEIGHTS: readonly (readonly [SipStatus, number])[] = [
  ['SUCCESS', 86],
  ['WARNING', 6],
  ['ERROR', 5],
  ['PENDING', 3],
];
const PENDING_CHECKIN_STATUS: readonly (readonly [SipStatus, number])[] = [
  ['PENDING', 50],
  ['SUCCESS', 40],
  ['WARNING', 5],
  ['ERROR', 5],
];
const ERRORS = [
  'Ejemplar no encontrado',
  'Usuario bloqueado: sanción pendiente',
  'Límite de préstamos alcanzado',
  'El ejemplar está reservado para otro usuario',
  'Sin conexión con el SIGB',
];
const WARNINGS = ['Devolución fuera de plazo', 'Ejemplar con reserva: apartar en mostrador', 'Renovación limitada a 7 días', 'Carné próximo a caducar'];
const SIP_PER_VISITOR = 0.035;
const EVENT_DAYS = 21;
const LOAN_DAYS = 21;

interface SipDraft {
  minutes: number;
  origin: string;
  type: SipType;
  status: SipStatus;
  offline: boolean;
}

function origins(library: Library): { machines: string[]; box: string; app: string } {
  const names = ORIGIN_NAMES[library.spec.language];
  const machines = library.spec.capacity >= 150 ? [`${names.machine} 1`, `${names.machine} 2`] : [`${names.machine} 1`];
  return { machines, box: names.box, app: names.app };
}

function draft(r: Rng, kind: OriginKind, origin: string, minutes: number): SipDraft {
  const type = r.weighted(TYPE_WEIGHTS[kind]);
  const status = r.weighted(type === 'CHECKIN_PENDING' ? PENDING_CHECKIN_STATUS : STATUS_WEIGHTS);
  return { minutes, origin, type, status, offline: kind === 'machine' && r.chance(0.03) };
}

function dayDrafts(library: Library, day: string, cdf: Float64Array, yesterday: string): SipDraft[] {
  const r = rngFor('sip', library.spec.code, day);
  const names = origins(library);
  const drafts: SipDraft[] = [];
  const visitors = dailyVisitors(library, day);
  for (let n = r.poisson(visitors * SIP_PER_VISITOR); n > 0; n -= 1) {
    drafts.push(draft(r, 'machine', r.pick(names.machines), openHoursMinutes(r, library, cdf)));
  }
  const quiet = library.spec.capacity * (isOpenOn(library.spec, day) ? 0.015 : 0.03);
  for (let n = r.poisson(quiet); n > 0; n -= 1) drafts.push(draft(r, 'box', names.box, r.next() * 1440));
  for (let n = r.poisson(quiet); n > 0; n -= 1) drafts.push(draft(r, 'app', names.app, 7 * 60 + r.next() * 17 * 60));
  if (library.number === 1 && day === yesterday) {
    SIP_STATUSES.forEach((status, s) =>
      SIP_TYPES.forEach((type, t) =>
        drafts.push({
          minutes: 12 * 60 + (s * SIP_TYPES.length + t) * 3,
          origin: names.machines[0],
          type,
          status,
          offline: s === 0 && t === 0,
        }),
      ),
    );
  }
  return drafts.sort((a, b) => a.minutes - b.minutes);
}

const patron = (library: Library, r: Rng) => `2${String(library.number).padStart(3, '0')}${String((r.int(0, 2499) * 7919) % 1_000_000).padStart(6, '0')}`;

export async function generateSelfService(
  ctx: GenContext,
  libraries: Library[],
  catalogues: Catalogue[],
): Promise<{ sip: number; selfcheck: number; events: number }> {
  let id = await nextId(ctx.db, 'sip_operations');
  const selfchecks: Cell[][] = [];
  const events: ItemEvent[] = [];
  const yesterday = addDays(ctx.anchorDay, -1);

  function* rows(): Generator<Cell[]> {
    for (const library of libraries) {
      const main = catalogues.find((c) => c.library === library && c.number === 1);
      const cdf = arrivalCdf(Math.floor(library.open / SLOT_MINUTES), Math.ceil(library.close / SLOT_MINUTES));
      const eventsFrom = addDays(library.clock.day, -EVENT_DAYS);
      for (const day of activeDays(library)) {
        const r = rngFor('sipItems', library.spec.code, day);
        const dueDate = `${addDays(day, LOAN_DAYS)} 23:59:59`;
        for (const d of dayDrafts(library, day, cdf, yesterday)) {
          const date = localDateTime(day, d.minutes);
          if (day === library.clock.day && date > library.clock.dateTime) break;
          const item = d.type !== 'INFORMATION' && main ? catalogueItem(library, main.number, r.int(0, main.size - 1)) : null;
          const done = d.status !== 'PENDING';
          const lent = (d.type === 'CHECKOUT' || d.type === 'RENEW') && (d.status === 'SUCCESS' || d.status === 'WARNING');
          const executed = done ? localDateTime(day, d.minutes + (d.offline ? r.int(10, 120) : r.next() / 10)) : null;
          const message = d.status === 'ERROR' ? r.pick(ERRORS) : d.status === 'WARNING' ? r.pick(WARNINGS) : '';
          yield [
            id,
            library.id,
            d.origin,
            d.type,
            d.offline ? 1 : 0,
            patron(library, r),
            item?.code ?? '',
            item?.title ?? '',
            date,
            lent ? dueDate : null,
            executed,
            d.status,
            message,
          ];
          if ((d.type === 'CHECKOUT' || d.type === 'CHECKIN' || d.type === 'RENEW') && (d.status === 'SUCCESS' || d.status === 'WARNING')) {
            selfchecks.push([library.id, d.type satisfies SelfcheckType, item?.material ?? 'Libro', d.origin, date]);
          }
          if (item && day >= eventsFrom) {
            events.push({
              storeId: library.id,
              code: item.code,
              objectId: item.objectId,
              date,
              type: 'SIP_OPERATION',
              details: { sipOperationId: id, sipType: d.type, status: d.status, origin: d.origin, title: item.title },
            });
          }
          id += 1;
        }
      }
    }
  }
  const sip = await ctx.writer.insert(SIP_OPERATIONS, rows());
  const selfcheck = await ctx.writer.insert(SELFCHECK_OPERATIONS, selfchecks);
  const eventCount = await ctx.writer.insert(ITEM_EVENTS, events.map(itemEventCells));
  return { sip, selfcheck, events: eventCount };
}
