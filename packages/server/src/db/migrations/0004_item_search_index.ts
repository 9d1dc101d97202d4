/**
 * 0004: substring index on the folded search_text of catalogue and search list items, so a plain search
 * of three or more characters does not scan a whole list.
 * - SQLite: an FTS5 trigram table per item table (external content, detail=none: it only finds candidate
 *   rows; the engine still checks the field itself), kept in step by triggers — writers need not know.
 * - PostgreSQL: a pg_trgm GIN index used by `search_text LIKE '%…%'`, when the extension can be created
 *   (it is a trusted extension: a database owner may create it); without it searches scan as before.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

/** Item tables with a substring index, and the name of their FTS5 table on SQLite. */
export const ITEM_SEARCH_INDEXES = { catalogue_items: 'catalogue_items_fts', search_list_items: 'search_list_items_fts' } as const;

async function sqliteUp(db: Kysely<any>): Promise<void> {
  for (const [table, fts] of Object.entries(ITEM_SEARCH_INDEXES)) {
    const t = sql.table(table);
    const f = sql.table(fts);
    await sql`create virtual table ${f} using fts5(search_text, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram', detail='none')`.execute(db);
    await sql`insert into ${f}(rowid, search_text) select id, search_text from ${t}`.execute(db);
    await sql`create trigger ${sql.ref(`${fts}_ai`)} after insert on ${t} begin
      insert into ${f}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`create trigger ${sql.ref(`${fts}_ad`)} after delete on ${t} begin
      insert into ${f}(${f}, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
    await sql`create trigger ${sql.ref(`${fts}_au`)} after update of search_text on ${t} begin
      insert into ${f}(${f}, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into ${f}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  }
}

async function postgresUp(db: Kysely<any>): Promise<void> {
  // A savepoint keeps the migration's transaction usable when the extension cannot be created.
  await sql`savepoint portal_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint portal_trgm`.execute(db);
    return;
  }
  for (const table of Object.keys(ITEM_SEARCH_INDEXES)) {
    await sql`create index ${sql.ref(`${table}_trgm_idx`)} on ${sql.table(table)} using gin (search_text gin_trgm_ops)`.execute(db);
  }
}

export function itemSearchIndex(dialect: Dialect): Migration {
  return {
    up: (db) => (dialect === 'sqlite' ? sqliteUp(db) : postgresUp(db)),
    async down(db) {
      for (const [table, fts] of Object.entries(ITEM_SEARCH_INDEXES)) {
        if (dialect === 'sqlite') {
          for (const suffix of ['ai', 'ad', 'au']) await sql`drop trigger if exists ${sql.ref(`${fts}_${suffix}`)}`.execute(db);
          await sql`drop table if exists ${sql.table(fts)}`.execute(db);
        } else {
          await sql`drop index if exists ${sql.ref(`${table}_trgm_idx`)}`.execute(db);
        }
      }
    },
  };
}
