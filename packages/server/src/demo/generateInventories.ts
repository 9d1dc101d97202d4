/**
 * Inventory groups, their sections and items, some ungrouped sections, and additional operations.
 * A group walks its catalogue shelf by shelf: most items are found, some are not (Missing in Compare),
 * a few unknown or other-catalogue items turn up (Exceeded) and a few are scanned twice.
 */
import type { HttpMethod } from '../db/schema';
import { addDays, localDateTime } from './generateCalendar';
import { bulkTable, type Cell } from './generateBulk';
import type { Catalogue, SearchLists } from './generateCatalogues';
import { isoAt, type GenContext } from './generateContext';
import { ITEM_EVENTS, itemEventCells, type ItemEvent } from './generateItemEvents';
import { catalogueItem, ITEM_COLUMNS, itemCells, UNKNOWN_CATALOGUE, type ItemValues } from './generateItems';
import type { Library } from './generateLibraries';
import { DEFAULT_GROUP_RATES, type InventoryRates } from './generateProfile';
import { rngFor, type Rng } from './generateRandom';
import type { Language } from './generateText';

export const INVENTORY_ITEMS = bulkTable('inventory_items', {
  ...ITEM_COLUMNS,
  inventory_id: 'int',
  group_id: 'int',
  date: 'text',
  search_list_id: 'int',
});

interface GroupPlan {
  key: string;
  name: string;
  catalogue: Catalogue | null;
  /** Catalogue index range walked, [from, to). */
  from: number;
  to: number;
  rates: InventoryRates;
  sections: number;
  /** First day of scanning, YYYY-MM-DD. */
  startDay: string;
}

const WORDS: Record<Language, { inventory: string; review: string; floor: string; shelf: string; weeding: string; ungrouped: readonly string[] }> = {
  es: {
    inventory: 'Inventario',
    review: 'Revisión',
    floor: 'Planta',
    shelf: 'Estantería',
    weeding: 'Expurgo',
    ungrouped: ['Depósito - Caja 12', 'Carro de devoluciones'],
  },
  ca: {
    inventory: 'Inventari',
    review: 'Revisió',
    floor: 'Planta',
    shelf: 'Prestatgeria',
    weeding: 'Esporgada',
    ungrouped: ['Magatzem - Caixa 12', 'Carro de retorns'],
  },
  gl: {
    inventory: 'Inventario',
    review: 'Revisión',
    floor: 'Andar',
    shelf: 'Estante',
    weeding: 'Expurgo',
    ungrouped: ['Depósito - Caixa 12', 'Carro de devolucións'],
  },
};

const SECTION_SIZE = 400;
const SECTIONS_PER_DAY = 8;
/** At most about this many INVENTORY item events per group. */
const EVENTS_PER_GROUP = 3000;

function sectionComment(words: (typeof WORDS)[Language], k: number): string {
  return `${words.floor} ${Math.floor(k / 40)} - ${words.shelf} ${'ABCDEFGHIJ'[Math.floor(k / 4) % 10]}${(k % 4) + 1}`;
}

function plans(ctx: GenContext, library: Library, catalogues: Catalogue[]): GroupPlan[] {
  const words = WORDS[library.spec.language];
  const [main, second] = catalogues;
  const year = Number(ctx.anchorDay.slice(0, 4));
  const result: GroupPlan[] = [];
  if (main) {
    const isMain = library.number === 1;
    const sections = (isMain && ctx.profile.mainGroupSections) || Math.max(1, Math.ceil(main.size / SECTION_SIZE));
    result.push({
      key: 'current',
      name: `${words.inventory} ${year}`,
      catalogue: main,
      from: 0,
      to: main.size,
      rates: isMain ? ctx.profile.mainGroupRates : DEFAULT_GROUP_RATES,
      sections,
      startDay: addDays(ctx.anchorDay, -(45 + Math.ceil(sections / SECTIONS_PER_DAY))),
    });
    const half = Math.ceil(Math.min(main.size, 20_000) / 2);
    result.push({
      key: 'previous',
      name: `${words.inventory} ${year - 1}`,
      catalogue: main,
      from: 0,
      to: half,
      rates: { found: 0.88, extra: 0.03, duplicate: 0.01 },
      sections: Math.max(1, Math.ceil(half / SECTION_SIZE)),
      startDay: addDays(ctx.anchorDay, -380),
    });
  }
  if (second) {
    result.push({
      key: 'review',
      name: `${words.review} ${second.name}`,
      catalogue: second,
      from: 0,
      to: second.size,
      rates: { found: 0.9, extra: 0.02, duplicate: 0 },
      sections: Math.max(1, Math.ceil(second.size / SECTION_SIZE)),
      startDay: addDays(ctx.anchorDay, -30),
    });
  }
  if (main && (library.number === 1 || library.number === 3)) {
    // No related catalogue: Compare has nothing to compare it with.
    result.push({
      key: 'weeding',
      name: `${words.weeding} ${year}`,
      catalogue: null,
      from: 0,
      to: Math.min(main.size, 300),
      rates: { found: 0.4, extra: 0, duplicate: 0 },
      sections: 2,
      startDay: addDays(ctx.anchorDay, -12),
    });
  }
  return result;
}

interface SectionRow {
  id: number;
  groupId: number | null;
  groupName: string;
  comment: string;
  day: string;
  /** Minutes after midnight the scan starts. */
  start: number;
}

async function insertSection(ctx: GenContext, library: Library, s: Omit<SectionRow, 'id'>): Promise<SectionRow> {
  const { id } = await ctx.db
    .insertInto('inventories')
    .values({
      store_id: library.id,
      group_id: s.groupId,
      comment: s.comment,
      date: localDateTime(s.day, s.start),
      created_at: isoAt(s.day, '07:00:00'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, ...s };
}

export interface InventoryTotals {
  groups: number;
  sections: number;
  items: number;
  events: number;
}

export async function generateInventories(ctx: GenContext, catalogues: Catalogue[], lists: SearchLists): Promise<InventoryTotals> {
  const totals: InventoryTotals = { groups: 0, sections: 0, items: 0, events: 0 };
  const libraries = [...new Set(catalogues.map((c) => c.library))];
  for (const library of libraries) {
    const own = catalogues.filter((c) => c.library === library).sort((a, b) => a.number - b.number);
    const byCode = lists.listByCode.get(library.id) ?? new Map<string, number>();
    const words = WORDS[library.spec.language];
    const events: ItemEvent[] = [];
    // A section holds each code/objectId pair once (unique index, migration 0013): a pair read again in the
    // same section (a random pick hitting an item twice) is left out. Sets live while their section is written.
    const seen = new Map<number, Set<string>>();
    const firstInSection = (item: ItemValues, section: SectionRow): boolean => {
      const key = `${item.code ?? ''}\u0000${item.objectId ?? ''}`;
      let pairs = seen.get(section.id);
      if (!pairs) seen.set(section.id, (pairs = new Set()));
      if (pairs.has(key)) return false;
      pairs.add(key);
      return true;
    };
    const toRow = (item: ItemValues, section: SectionRow, seconds: number): Cell[] => [
      ...itemCells(library, item, isoAt(section.day, '07:00:00')),
      section.id,
      section.groupId,
      localDateTime(section.day, section.start + seconds / 60),
      item.code ? (byCode.get(item.code) ?? null) : null,
    ];
    const maybeEvent = (r: Rng, rate: number, item: ItemValues, section: SectionRow, seconds: number) => {
      if (!r.chance(rate)) return;
      events.push({
        storeId: library.id,
        code: item.code,
        objectId: item.objectId,
        type: 'INVENTORY',
        date: localDateTime(section.day, section.start + seconds / 60),
        inventoryId: section.id,
        inventoryGroupId: section.groupId,
        details: { inventoryComment: section.comment, groupName: section.groupName, title: item.title },
      });
    };

    for (const [g, plan] of plans(ctx, library, own).entries()) {
      const { id: groupId } = await ctx.db
        .insertInto('inventory_groups')
        .values({
          store_id: library.id,
          name: plan.name,
          catalogue_id: plan.catalogue?.id ?? null,
          created_at: isoAt(plan.startDay, '07:00:00'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      totals.groups += 1;
      await insertAdditionalOperations(ctx, library, groupId, g);
      const sections: SectionRow[] = [];
      for (let k = 0; k < plan.sections; k += 1) {
        const day = addDays(plan.startDay, Math.floor(k / SECTIONS_PER_DAY));
        const start = 9 * 60 + (k % SECTIONS_PER_DAY) * 50;
        sections.push(await insertSection(ctx, library, { groupId, groupName: plan.name, comment: sectionComment(words, k), day, start }));
      }
      totals.sections += sections.length;
      const source = plan.catalogue ?? own[0];
      const span = plan.to - plan.from;
      const eventRate = Math.min(0.15, EVENTS_PER_GROUP / Math.max(1, span));
      const other = own.find((c) => c !== source);
      function* rows(): Generator<Cell[]> {
        let extraSeq = 0;
        for (const [k, section] of sections.entries()) {
          const r = rngFor('section', library.spec.code, plan.key, k);
          const from = plan.from + Math.floor((span * k) / sections.length);
          const to = plan.from + Math.floor((span * (k + 1)) / sections.length);
          let seconds = 0;
          const emit = (item: ItemValues) => {
            seconds += r.int(2, 9);
            maybeEvent(r, eventRate, item, section, seconds);
            return toRow(item, section, seconds);
          };
          for (let index = from; index < to; index += 1) {
            if (!r.chance(plan.rates.found)) continue;
            let item = catalogueItem(library, source.number, index);
            // A tag read without its barcode.
            if (item.objectId && r.chance(0.01)) item = { ...item, code: null };
            if (firstInSection(item, section)) yield emit(item);
            if (r.chance(plan.rates.duplicate) && k + 1 < sections.length && firstInSection(item, sections[k + 1]!)) {
              yield toRow(item, sections[k + 1]!, 30);
            }
            if (r.chance(plan.rates.extra)) {
              extraSeq += 1;
              const extra =
                other && r.chance(0.5)
                  ? catalogueItem(library, other.number, r.int(0, other.size - 1))
                  : catalogueItem(library, UNKNOWN_CATALOGUE, (g + 1) * 1_000_000 + extraSeq);
              if (firstInSection(extra, section)) yield emit(extra);
            }
          }
          seen.delete(section.id);
        }
      }
      let reported = 0;
      totals.items += await ctx.writer.insert(INVENTORY_ITEMS, rows(), (done) => {
        if (done - reported >= 250_000) {
          reported = done;
          ctx.log(`  inventory items (${library.spec.code} ${plan.name}): ${done.toLocaleString('en')}`);
        }
      });
    }

    // Ungrouped sections (group_id null: the virtual UNGROUPED group).
    const main = own[0];
    if (main) {
      await insertAdditionalOperations(ctx, library, null, 9);
      for (const [k, comment] of words.ungrouped.entries()) {
        const section = await insertSection(ctx, library, {
          groupId: null,
          groupName: 'UNGROUPED',
          comment,
          day: addDays(ctx.anchorDay, -(6 + k * 5)),
          start: 10 * 60,
        });
        totals.sections += 1;
        const r = rngFor('ungrouped', library.spec.code, k);
        const rows: Cell[][] = [];
        let seconds = 0;
        for (let n = r.int(30, 80); n > 0; n -= 1) {
          seconds += r.int(3, 12);
          const item = r.chance(0.9)
            ? catalogueItem(library, main.number, r.int(0, main.size - 1))
            : catalogueItem(library, UNKNOWN_CATALOGUE, 5_000_000 + k * 1000 + n);
          if (!firstInSection(item, section)) continue;
          maybeEvent(r, 0.2, item, section, seconds);
          rows.push(toRow(item, section, seconds));
        }
        totals.items += await ctx.writer.insert(INVENTORY_ITEMS, rows);
      }
    }
    totals.events += await ctx.writer.insert(ITEM_EVENTS, events.map(itemEventCells));
  }
  return totals;
}

const OPERATIONS: readonly { name: string; path: string; method: HttpMethod; attach: boolean }[] = [
  { name: 'Notificar al SIGB', path: 'inventory/notify', method: 'POST', attach: true },
  { name: 'Marcar como extraviados', path: 'items/status/lost', method: 'PUT', attach: true },
  { name: 'Anular reservas', path: 'holds', method: 'DELETE', attach: false },
];

async function insertAdditionalOperations(ctx: GenContext, library: Library, groupId: number | null, g: number): Promise<void> {
  const r = rngFor('additionalOperations', library.spec.code, g);
  const count = groupId === null ? (library.number % 3 === 1 ? 1 : 0) : r.int(1, OPERATIONS.length);
  const chosen = OPERATIONS.slice(0, count);
  if (!chosen.length) return;
  await ctx.db
    .insertInto('additional_operations')
    .values(
      chosen.map((op) => ({
        store_id: library.id,
        group_id: groupId,
        name: op.name,
        url: `https://sigb.example.org/api/v2/${op.path}`,
        method: op.method,
        attach_data: op.attach ? 1 : 0,
        params: JSON.stringify({ apiKey: `demo-${r.hex(12).toLowerCase()}`, biblioteca: library.spec.code, formato: 'json' }),
        created_at: isoAt(addDays(ctx.anchorDay, -60)),
      })),
    )
    .execute();
}
