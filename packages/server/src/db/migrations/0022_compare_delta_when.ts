/**
 * 0022: libraries without a kept Compare total to follow skip the per-row delta statements of 0019/0021 on
 * SQLite. Those triggers ran six statements per written row (eight per update) even when the library kept no
 * valid total (about 1.6 s of a 100,000-row import's final move): each delta trigger now has a WHEN clause
 * (the library holds a kept total at its current version with room under MOVED_CAP), and a plain version bump
 * (0018's, one statement) runs in a second trigger when it does not.
 *
 * Either trigger may fire first: the delta trigger raises the version itself; the bump trigger's condition is
 * read after it, so it runs only when no followed total is left (a total that just reached MOVED_CAP is then
 * left behind one row early, as if its cap were reached: counted again at the next read, never wrong). When
 * the bump fires first, the library's totals are no longer at its version and the delta trigger skips.
 * The delta triggers' bodies are those 0021 installs (installDeltaTriggers), read back and given the WHEN
 * clause. PostgreSQL's per-statement triggers already skip libraries without kept totals and are unchanged.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { installDeltaTriggers } from './0019_compare_total_deltas';
import { MOVED_CAP } from './0021_compare_total_delta_cap';

const TABLES = ['catalogue_items', 'inventory_items'] as const;
const EVENTS = ['insert', 'delete', 'update'] as const;

/** The library `store` keeps a total its triggers still follow. */
const followed = (store: string) => `exists (select 1 from compare_totals ct join catalogues c on c.id = ct.catalogue_id
    where c.store_id = ${store} and ct.moved < ${MOVED_CAP}
      and ct.version = (select version from list_item_versions v where v.store_id = ${store}))`;

const bump = (store: string, when = '') => `insert into list_item_versions (store_id, version) select ${store}, 1 where true${when}
      on conflict (store_id) do update set version = list_item_versions.version + 1;`;

const CONDITION: Record<(typeof EVENTS)[number], string> = {
  insert: followed('new.store_id'),
  delete: followed('old.store_id'),
  update: `(${followed('old.store_id')} or ${followed('new.store_id')})`,
};

const MATCH_COLUMNS: Record<(typeof TABLES)[number], string> = {
  catalogue_items: 'store_id, catalogue_id, code, object_id',
  inventory_items: 'store_id, group_id, inventory_id, code, object_id',
};

const bumpTrigger = (table: (typeof TABLES)[number], event: (typeof EVENTS)[number]) => {
  const on = event === 'update' ? `after update of ${MATCH_COLUMNS[table]} on ${table}` : `after ${event} on ${table}`;
  const body = event === 'update' ? `${bump('old.store_id')} ${bump('new.store_id', ' and new.store_id <> old.store_id')}` : bump(event === 'insert' ? 'new.store_id' : 'old.store_id');
  return `create trigger ${table}_bump_${event} ${on} for each row when not ${CONDITION[event]} begin ${body} end`;
};

export function compareDeltaWhen(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      for (const table of TABLES) {
        for (const event of EVENTS) {
          const name = `${table}_versions_${event}`;
          const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${name}`.execute(db);
          const text = rows[0]?.sql;
          const header = new RegExp(`(\\bon ${table})\\s+begin\\b`);
          if (!text || !header.test(text)) throw new Error(`0022: trigger ${name} is not the one 0021 installs`);
          await sql.raw(`drop trigger ${name}`).execute(db);
          await sql.raw(text.replace(header, `$1 for each row when ${CONDITION[event]} begin`)).execute(db);
          await sql.raw(bumpTrigger(table, event)).execute(db);
        }
      }
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      for (const table of TABLES) for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_bump_${event}`).execute(db);
      await installDeltaTriggers(db, dialect, MOVED_CAP);
    },
  };
}
