/**
 * INVENTORY item events (data-areas §3) of scans: every write path that puts items into an inventory section
 * (manual add, import, Add Items To) writes one event per new scan in the same transaction, set-wise
 * (INSERT … SELECT from the scans just inserted), so Search finds an item from the moment its scan is visible
 * and never an event whose scan was rolled back. An event is history: it stays when its scan is edited,
 * deleted or its section moves to another group (the section and group names are kept in its details; a
 * deleted section or group leaves its id null).
 *
 * Its date is the scan's (the section's date), its group the section's at the time (null: UNGROUPED), its
 * search_text the folded code and objectId: the start of the scan's own search_text (lists/items itemRow
 * folds code, objectId and the fields in that order, joined by spaces; folding never lengthens a value, so
 * the first length(code) + 1 + length(objectId) characters hold both, at most with a character of the next
 * field, which the list's field test leaves out of any result).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';

/**
 * Inserts the INVENTORY events of the scans `rows` (a table or common table expression with the columns of
 * inventory_items, alias i) that `where` selects; `sectionId` is their section.
 */
export function inventoryEventsInsert(db: Kysely<Database>, rows: RawBuilder<unknown>, sectionId: number, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const groupName = sql`coalesce(g.name, ${UNGROUPED})`;
  const details =
    dialectOf(db) === 'postgres'
      ? sql`json_build_object('inventoryComment', s.comment, 'groupName', ${groupName}::text, 'title', i.field1)::text`
      : sql`json_object('inventoryComment', s.comment, 'groupName', ${groupName}, 'title', i.field1)`;
  const searchText = sql`trim(substr(i.search_text, 1, length(coalesce(i.code, '')) + 1 + length(coalesce(i.object_id, ''))))`;
  return sql`insert into item_events (store_id, code, object_id, date, type, inventory_id, inventory_group_id, details, search_text, inventory_item_id)
    select i.store_id, i.code, i.object_id, i.date, 'INVENTORY', i.inventory_id, i.group_id, ${details}, ${searchText}, i.id
    from ${rows} i join inventories s on s.id = ${sectionId} left join inventory_groups g on g.id = s.group_id
    where ${where}
    order by i.id`;
}

/** The highest scan id so far (SQLite: the one connection inserts next, so the new scans are those above it). */
export async function lastScanId(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`select max(id) as id from inventory_items`.execute(db);
  return Number(rows[0]?.id ?? 0);
}

/** SQLite: the events of the section's scans inserted after `after` (lastScanId before the insert). */
export async function logScansAfter(db: Kysely<Database>, sectionId: number, after: number): Promise<void> {
  await inventoryEventsInsert(db, sql`inventory_items`, sectionId, sql`i.id > ${after} and i.inventory_id = ${sectionId}`).execute(db);
}

/** The event of one scan (manual add). */
export async function logScan(db: Kysely<Database>, sectionId: number, scanId: number): Promise<void> {
  await inventoryEventsInsert(db, sql`inventory_items`, sectionId, sql`i.id = ${scanId}`).execute(db);
}

/** Deletes the events of the section's scans with ids in [from, to] (an undone import move). */
export async function unlogScans(db: Kysely<Database>, sectionId: number, from: number, to: number): Promise<void> {
  await sql`delete from item_events where inventory_id = ${sectionId} and inventory_item_id >= ${from} and inventory_item_id <= ${to}`.execute(db);
}
