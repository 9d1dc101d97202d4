/**
 * 0023: the substring index of 0004 for inventory items (scans), so a plain code, objectId or field search
 * in a section, a group or all inventories reads the rows holding the text instead of every scan.
 * - SQLite: an FTS5 trigram table over inventory_items.search_text (external content, detail=none), filled
 *   for the existing rows and kept in step by triggers, as 0004 does for catalogue items.
 * - PostgreSQL: a pg_trgm GIN index on search_text, when the extension exists or can be created (0004
 *   created it where it could); without it searches scan as before.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

/** The FTS5 table over inventory_items.search_text (SQLite). */
export const INVENTORY_ITEMS_FTS = 'inventory_items_fts';
const TABLE = 'inventory_items';
const PG_INDEX = 'inventory_items_trgm_idx';

async function sqliteUp(db: Kysely<any>): Promise<void> {
  const t = sql.table(TABLE);
  const f = sql.table(INVENTORY_ITEMS_FTS);
  await sql`create virtual table ${f} using fts5(search_text, content=${sql.lit(TABLE)}, content_rowid='id', tokenize='trigram', detail='none')`.execute(db);
  await sql`insert into ${f}(rowid, search_text) select id, search_text from ${t}`.execute(db);
  await sql`create trigger ${sql.ref(`${INVENTORY_ITEMS_FTS}_ai`)} after insert on ${t} begin
    insert into ${f}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  await sql`create trigger ${sql.ref(`${INVENTORY_ITEMS_FTS}_ad`)} after delete on ${t} begin
    insert into ${f}(${f}, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
  await sql`create trigger ${sql.ref(`${INVENTORY_ITEMS_FTS}_au`)} after update of search_text on ${t} begin
    insert into ${f}(${f}, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into ${f}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
}

async function postgresUp(db: Kysely<any>): Promise<void> {
  // A savepoint keeps the migration's transaction usable when the extension cannot be created.
  await sql`savepoint portal_trgm_inventory`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint portal_trgm_inventory`.execute(db);
    return;
  }
  await sql`create index ${sql.ref(PG_INDEX)} on ${sql.table(TABLE)} using gin (search_text gin_trgm_ops)`.execute(db);
}

export function inventoryItemSearchIndex(dialect: Dialect): Migration {
  return {
    up: (db) => (dialect === 'sqlite' ? sqliteUp(db) : postgresUp(db)),
    async down(db) {
      if (dialect === 'sqlite') {
        for (const suffix of ['ai', 'ad', 'au']) await sql`drop trigger if exists ${sql.ref(`${INVENTORY_ITEMS_FTS}_${suffix}`)}`.execute(db);
        await sql`drop table if exists ${sql.table(INVENTORY_ITEMS_FTS)}`.execute(db);
      } else {
        await sql`drop index if exists ${sql.ref(PG_INDEX)}`.execute(db);
      }
    },
  };
}
