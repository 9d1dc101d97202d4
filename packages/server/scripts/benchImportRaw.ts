/**
 * The raw figure beside bench:import's (the engine's figure next to the database's own for the same
 * work, in the same run): the database's command-line tool loading the bench's csv into a temporary table and
 * inserting its rows into the same list, in one transaction, into the table's indexes; into a section, each scan's
 * INVENTORY item event too, as the import writes them (the same rows left behind). Its triggers run as they
 * do for an import's move (the library's item version raised: per row on SQLite, per statement on PostgreSQL).
 * SQLite: `sqlite3` (`.import --csv`, the WAL not checkpointed during the run, as the import's move defers it);
 * PostgreSQL: `psql` (`\copy`). The search text is the columns joined and lower-cased (the portal folds accents
 * too). The rows are deleted afterwards (not timed), so the next case finds the database as before.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { inventoryEventsInsert } from '../src/lists/inventoryEvents';

export type RawWhere = { sqliteFile: string } | { databaseUrl: string };

/** The list the raw rows go into: a catalogue, or an inventory section (its group and scan date). */
export type RawTarget =
  | { table: 'catalogue_items'; storeId: number; catalogueId: number }
  | { table: 'inventory_items'; storeId: number; inventoryId: number; groupId: number | null; date: string };

const CREATED_AT = '2026-12-02T00:00:00.000Z';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

function insertSql(db: Kysely<Database>, target: RawTarget, postgres: boolean): string {
  const join = postgres
    ? `lower(concat_ws(' ', code, object_id, title, author, year))`
    : `lower(code || ' ' || object_id || ' ' || title || ' ' || author || ' ' || year)`;
  const [columns, values] =
    target.table === 'catalogue_items'
      ? ['catalogue_id', `${target.catalogueId}`]
      : ['inventory_id, group_id, date', `${target.inventoryId}, ${target.groupId ?? 'null'}, ${quote(target.date)}`];
  const items = `insert into ${target.table} (store_id, ${columns}, code, object_id, field1, field2, field3, search_text, created_at)
  select ${target.storeId}, ${values}, code, object_id, title, author, year, ${join}, ${quote(CREATED_AT)} from src;`;
  return target.table === 'catalogue_items' ? items : `${items}\n${eventsSql(db, target.inventoryId)}`;
}

/**
 * A section's scans leave an INVENTORY item event each, written by the import's own statement
 * (lists/inventoryEvents) with its parameters inlined: the same end state, so the database's own load of a
 * section includes them.
 */
function eventsSql(db: Kysely<Database>, sectionId: number): string {
  const { sql: text, parameters } = inventoryEventsInsert(db, sql`inventory_items`, sectionId, sql`i.inventory_id = ${sectionId}`).compile(db);
  let next = 0;
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : quote(String(v)));
  // PostgreSQL numbers its parameters ($1), SQLite takes them in order (?).
  return `${text.replace(/\$(\d+)|\?/g, (_, n?: string) => literal(parameters[n === undefined ? next++ : Number(n) - 1]))};`;
}

function script(db: Kysely<Database>, where: RawWhere, csv: string, target: RawTarget): { tool: string; command: string[]; text: string } {
  const table = 'create temp table src (code text, object_id text, title text, author text, year text);';
  if ('databaseUrl' in where) {
    return {
      tool: 'psql \\copy + insert',
      command: ['psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', where.databaseUrl, '-f'],
      text: `${table}\n\\copy src from ${quote(csv)} csv header\nbegin;\n${insertSql(db, target, true)}\ncommit;\n`,
    };
  }
  return {
    tool: 'sqlite3 .import + insert',
    command: ['sqlite3', '-bail', where.sqliteFile, '-init'],
    text: `pragma busy_timeout = 10000;\npragma wal_autocheckpoint = 0;\n${table}\n.import --csv --skip 1 ${JSON.stringify(csv)} src\nbegin;\n${insertSql(db, target, false)}\ncommit;\n.quit\n`,
  };
}

/**
 * Runs the raw load of `csv` into `target`: its wall seconds and the CPU seconds of the tool's own process (on
 * PostgreSQL its server's work is not in them). `around` wraps the load alone (not the rows' removal after it).
 */
export async function rawImport(
  db: Kysely<Database>,
  where: RawWhere,
  csv: string,
  target: RawTarget,
  around: <T>(load: () => Promise<T>) => Promise<T> = (load) => load(),
): Promise<{ tool: string; wall: number; cpu: number }> {
  const { tool, command, text } = script(db, where, csv, target);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-raw-')), 'load.sql');
  fs.writeFileSync(file, text);
  try {
    // Not execFileSync: the bench's server shares this thread, and a thread blocked past the keep-alive timeout
    // makes the server close a connection just as the bench reuses it.
    const { stdout: timing } = await around(() =>
      promisify(execFile)('bash', ['-c', `TIMEFORMAT="%R %U %S"; { time "$@" ${JSON.stringify(file)} < /dev/null > /dev/null; } 2>&1`, 'raw', ...command], {
        encoding: 'utf8',
      }),
    );
    const [wall, user, system] = timing.trim().split('\n').at(-1)!.split(' ').map(Number);
    return { tool, wall: wall!, cpu: user! + system! };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await removeRows(db, where, target);
  }
}

/** Deletes the raw rows; then on SQLite the WAL they wrote is checkpointed (the raw run left it to grow), on PostgreSQL the tables vacuumed. */
async function removeRows(db: Kysely<Database>, where: RawWhere, target: RawTarget): Promise<void> {
  if (target.table === 'catalogue_items') await db.deleteFrom('catalogue_items').where('catalogue_id', '=', target.catalogueId).execute();
  else {
    await db.deleteFrom('item_events').where('inventory_id', '=', target.inventoryId).execute();
    await db.deleteFrom('inventory_items').where('inventory_id', '=', target.inventoryId).execute();
  }
  if ('sqliteFile' in where) await sql`pragma wal_checkpoint(truncate)`.execute(db);
  // PostgreSQL: the deleted rows vacuumed now, not by an autovacuum worker during the next case (whose CPU the
  // bench would count as the database's, and which would compete with it).
  else
    for (const table of target.table === 'catalogue_items' ? ['catalogue_items'] : ['inventory_items', 'item_events'])
      await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
