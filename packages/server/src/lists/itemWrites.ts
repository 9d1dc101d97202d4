/**
 * Item rules (data-areas §5) and bulk inserts shared by import, sync and Add Items To: with an objectId
 * column at least one of code/objectId (AtLeastOneCodeMessage), without one code is required; the
 * code/objectId pair is unique in its list — a pair that already exists is counted but not inserted.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { ERROR_CODES, ITEM_FIELDS, ITEM_TEXT_MAX, type CellValue, type ItemField } from '@portal/contract';
import type { Database } from '../db/schema';
import { itemRow, type ItemValues } from './items';

type Db = Kysely<Database> | Transaction<Database>;

/** A list that holds items: its table and parent key column are fixed by code. */
export interface ItemTarget {
  table: 'catalogue_items' | 'search_list_items' | 'inventory_items';
  parentColumn: 'catalogue_id' | 'search_list_id' | 'inventory_id';
  parentId: number;
  storeId: number;
  /** Columns every inserted row also gets, fixed by code (inventory items: group_id and date of their section). */
  extra?: Readonly<Record<string, string | number | null>>;
}

export interface RuleViolation {
  code: string;
  field?: ItemField;
}

/** The §5 rule for one item; null when it is acceptable. */
export function itemViolation(values: ItemValues, hasObjectIdColumn: boolean): RuleViolation | null {
  for (const f of ITEM_FIELDS) {
    const v = values[f];
    if (v !== null && v.length > ITEM_TEXT_MAX) return { code: 'VALUE_TOO_LONG', field: f };
  }
  if (hasObjectIdColumn) {
    if (values.code === null && values.objectId === null) return { code: ERROR_CODES.AT_LEAST_ONE_CODE };
  } else if (values.code === null) {
    return { code: ERROR_CODES.CODE_REQUIRED, field: 'code' };
  }
  return null;
}

/** A file cell as item text: trimmed, '' → null, numbers and booleans as written. */
export function cellText(cell: CellValue | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const s = String(cell).trim();
  return s === '' ? null : s;
}

const pairKey = (v: { code: string | null; objectId: string | null }) => JSON.stringify([v.code, v.objectId]);

export const INSERT_BATCH = 500;

/** Which of these pairs already exist in the target list. */
async function existingPairs(db: Db, target: ItemTarget, items: ItemValues[]): Promise<Set<string>> {
  const table = sql.table(target.table);
  const parent = sql.ref(target.parentColumn);
  const codes = [...new Set(items.map((i) => i.code).filter((c): c is string => c !== null))];
  const objectIds = [...new Set(items.filter((i) => i.code === null).map((i) => i.objectId).filter((o): o is string => o !== null))];
  const found = new Set<string>();
  if (codes.length) {
    const { rows } = await sql<{ code: string | null; object_id: string | null }>`select code, object_id from ${table} where ${parent} = ${target.parentId} and code in (${sql.join(codes)})`.execute(db);
    for (const r of rows) found.add(pairKey({ code: r.code, objectId: r.object_id }));
  }
  if (objectIds.length) {
    const { rows } = await sql<{ code: string | null; object_id: string | null }>`select code, object_id from ${table} where ${parent} = ${target.parentId} and code is null and object_id in (${sql.join(objectIds)})`.execute(db);
    for (const r of rows) found.add(pairKey({ code: r.code, objectId: r.object_id }));
  }
  return found;
}

/** Inserts the items whose pair is new (in the list and in this batch); returns how many were inserted. */
export async function insertNewItems(db: Db, target: ItemTarget, items: ItemValues[], createdAt: string): Promise<number> {
  if (!items.length) return 0;
  const taken = await existingPairs(db, target, items);
  const fresh: ItemValues[] = [];
  for (const item of items) {
    const key = pairKey(item);
    if (taken.has(key)) continue;
    taken.add(key);
    fresh.push(item);
  }
  if (!fresh.length) return 0;
  const extra = Object.entries(target.extra ?? {});
  const extraColumns = extra.map(([column]) => sql`, ${sql.ref(column)}`);
  const extraValues = extra.map(([, value]) => sql`, ${value}`);
  const rows = fresh.map((item) => {
    const r = itemRow(item);
    return sql`(${target.storeId}, ${target.parentId}, ${r.code}, ${r.object_id}, ${r.field1}, ${r.field2}, ${r.field3}, ${r.field4}, ${r.field5}, ${r.field6}, ${r.search_text}, ${createdAt}${sql.join(extraValues, sql``)})`;
  });
  await sql`insert into ${sql.table(target.table)} (store_id, ${sql.ref(target.parentColumn)}, code, object_id, field1, field2, field3, field4, field5, field6, search_text, created_at${sql.join(extraColumns, sql``)}) values ${sql.join(rows)}`.execute(db);
  return fresh.length;
}

/** Feeds items in batches into insertNewItems. */
export class ItemInserter {
  private batch: ItemValues[] = [];
  numItems = 0;
  numItemsInserted = 0;

  constructor(private readonly db: Db, private readonly target: ItemTarget, private readonly createdAt: string) {}

  async add(item: ItemValues): Promise<void> {
    this.numItems += 1;
    this.batch.push(item);
    if (this.batch.length >= INSERT_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    this.numItemsInserted += await insertNewItems(this.db, this.target, batch, this.createdAt);
  }

  result() {
    return { numItems: this.numItems, numItemsInserted: this.numItemsInserted };
  }
}
