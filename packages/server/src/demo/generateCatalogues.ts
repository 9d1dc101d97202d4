/** Catalogues with their items, and search lists with theirs (items drawn from the catalogues). */
import { addDays } from './generateCalendar';
import { bulkTable, type Cell } from './generateBulk';
import { isoAt, type GenContext } from './generateContext';
import { catalogueItem, ITEM_COLUMNS, itemCells, UNKNOWN_CATALOGUE, itemCode, type ItemValues } from './generateItems';
import type { Library } from './generateLibraries';
import { rngFor } from './generateRandom';
import type { Language } from './generateText';

export const CATALOGUE_ITEMS = bulkTable('catalogue_items', { ...ITEM_COLUMNS, catalogue_id: 'int' });
export const SEARCH_LIST_ITEMS = bulkTable('search_list_items', { ...ITEM_COLUMNS, search_list_id: 'int' });

export interface Catalogue {
  id: number;
  library: Library;
  /** 1-based within the library (item codes carry it). */
  number: number;
  name: string;
  size: number;
}

export interface SearchLists {
  /** Item code → the first search list holding it, per library id. */
  listByCode: Map<number, Map<string, number>>;
  count: number;
}

const SYNC_HOST = 'https://opac.example.org';

export function catalogueSize(ctx: GenContext, library: Library, number: number, specSize: number): number {
  if (library.number === 1 && number === 1 && ctx.profile.mainCatalogueSize !== null) return ctx.profile.mainCatalogueSize;
  return Math.max(20, Math.round(specSize * ctx.profile.catalogueScale));
}

export async function generateCatalogues(ctx: GenContext, libraries: Library[]): Promise<{ catalogues: Catalogue[]; items: number }> {
  const catalogues: Catalogue[] = [];
  const lastSync = isoAt(addDays(ctx.anchorDay, -1), '03:00:00');
  for (const library of libraries) {
    for (const [i, spec] of library.spec.catalogues.entries()) {
      const number = i + 1;
      const row = await ctx.db
        .insertInto('catalogues')
        .values({
          store_id: library.id,
          name: spec.name,
          sync_url: spec.sync ? `${SYNC_HOST}/${library.spec.code.toLowerCase()}/catalogue-${number}.csv` : null,
          auto_sync: spec.sync ? 1 : 0,
          last_sync: spec.sync ? lastSync : null,
          created_at: isoAt(addDays(ctx.anchorDay, -(ctx.profile.days + 300 - number))),
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      catalogues.push({ id: row.id, library, number, name: spec.name, size: catalogueSize(ctx, library, number, spec.size) });
    }
  }
  function* rows(): Generator<Cell[]> {
    for (const c of catalogues) {
      const createdAt = isoAt(addDays(ctx.anchorDay, -(ctx.profile.days + 300 - c.number)));
      for (let index = 0; index < c.size; index += 1) yield [...itemCells(c.library, catalogueItem(c.library, c.number, index), createdAt), c.id];
    }
  }
  let reported = 0;
  const items = await ctx.writer.insert(CATALOGUE_ITEMS, rows(), (done) => {
    if (done - reported >= 250_000) {
      reported = done;
      ctx.log(`  catalogue items: ${done.toLocaleString('en')}`);
    }
  });
  return { catalogues, items };
}

const LIST_NAMES: Record<Language, readonly [string, string, string]> = {
  es: ['Reservas pendientes', 'Ejemplares no localizados', 'Novedades'],
  ca: ['Reserves pendents', 'Exemplars no localitzats', 'Novetats'],
  gl: ['Reservas pendentes', 'Exemplares non localizados', 'Novidades'],
};

/** Three search lists per library: reservations, items not found, and a synced list of new titles. */
export async function generateSearchLists(ctx: GenContext, catalogues: Catalogue[]): Promise<SearchLists> {
  const listByCode = new Map<number, Map<string, number>>();
  const rows: Cell[][] = [];
  let count = 0;
  const year = ctx.anchorDay.slice(0, 4);
  for (const main of catalogues.filter((c) => c.number === 1)) {
    const { library } = main;
    const names = LIST_NAMES[library.spec.language];
    const byCode = new Map<string, number>();
    listByCode.set(library.id, byCode);
    const sizes = [40, 25, 60];
    for (const [k, baseName] of names.entries()) {
      const synced = k === 2;
      const name = synced ? `${baseName} ${year}` : baseName;
      const createdAt = isoAt(addDays(ctx.anchorDay, -(90 - k * 20)));
      const { id } = await ctx.db
        .insertInto('search_lists')
        .values({
          store_id: library.id,
          name,
          sync_url: synced ? `${SYNC_HOST}/${library.spec.code.toLowerCase()}/novedades.csv` : null,
          auto_sync: synced && library.number % 2 === 1 ? 1 : 0,
          last_sync: synced ? isoAt(addDays(ctx.anchorDay, -1), '03:30:00') : null,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      count += 1;
      const r = rngFor('searchList', library.spec.code, k);
      const wanted = Math.min(sizes[k], Math.max(5, Math.floor(main.size / 4)));
      const picked = new Set<number>();
      while (picked.size < wanted) picked.add(r.int(0, main.size - 1));
      for (const index of picked) {
        const item: ItemValues = catalogueItem(library, main.number, index);
        // The object id is optional in search lists: some entries carry only the barcode.
        const entry = r.chance(0.3) ? { ...item, objectId: null } : item;
        rows.push([...itemCells(library, entry, createdAt), id]);
        if (!byCode.has(item.code!)) byCode.set(item.code!, id);
      }
      // Titles ordered but not yet in the catalogue.
      if (synced) {
        for (let j = 0; j < 5; j += 1) {
          const code = itemCode(library, UNKNOWN_CATALOGUE, 900_000 + j);
          const item = { ...catalogueItem(library, UNKNOWN_CATALOGUE, 900_000 + j), code, objectId: null };
          rows.push([...itemCells(library, item, createdAt), id]);
        }
      }
    }
  }
  await ctx.writer.insert(SEARCH_LIST_ITEMS, rows);
  return { listByCode, count };
}
