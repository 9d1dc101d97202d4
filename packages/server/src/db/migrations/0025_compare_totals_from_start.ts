/**
 * 0025: every Compare list of a catalogue against ALL_GROUPS, UNGROUPED or a group is kept from the moment its
 * catalogue or group is created (so the first view of a pair never counts all its items).
 * A new list's total is trivial then: a new group holds no scan (MISSING = the catalogue's items, EXCEEDED = 0),
 * a new catalogue no item (MISSING = 0, EXCEEDED = the scans in scope: index counts). Triggers on catalogues and
 * inventory_groups keep them at the library's version (whose row they create if missing), so the delta triggers
 * (0019/0021/0022) and the set-wise deltas of a large write (services/compareMoveDeltas.ts) follow them like any
 * kept total. The kept totals of a deleted group or section go with it. Existing pairs are not counted here (a
 * million-item count each); their first view counts them, as before.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

const VERSION = '(select version from list_item_versions where store_id = new.store_id)';
const ENSURE_VERSION = 'insert into list_item_versions (store_id, version) values (new.store_id, 1) on conflict (store_id) do nothing;';
const MODES = `(select 'MISSING' as mode union all select 'EXCEEDED') m`;

/** A new group: each catalogue of the library × both modes. */
const GROUP_INSERT = `${ENSURE_VERSION}
  insert into compare_totals (catalogue_id, mode, scope, version, total, moved)
  select c.id, m.mode, 'group/' || new.id, ${VERSION},
      case when m.mode = 'MISSING' then (select count(*) from catalogue_items ci where ci.catalogue_id = c.id) else 0 end, 0
    from catalogues c cross join ${MODES}
    where c.store_id = new.store_id
  on conflict (catalogue_id, mode, scope) do nothing;`;

/** A new catalogue: ALL_GROUPS, UNGROUPED and each group of the library × both modes. */
const CATALOGUE_INSERT = `${ENSURE_VERSION}
  insert into compare_totals (catalogue_id, mode, scope, version, total, moved)
  select new.id, m.mode, s.scope, ${VERSION}, case when m.mode = 'MISSING' then 0 else s.scans end, 0
    from (select 'ALL_GROUPS' as scope, (select count(*) from inventory_items i where i.store_id = new.store_id) as scans
      union all select 'group/UNGROUPED', (select count(*) from inventory_items i where i.store_id = new.store_id and i.group_id is null)
      union all select 'group/' || g.id, (select count(*) from inventory_items i where i.group_id = g.id) from inventory_groups g where g.store_id = new.store_id) s
    cross join ${MODES}
    where true
  on conflict (catalogue_id, mode, scope) do nothing;`;

const forgetScope = (prefix: string) => `delete from compare_totals where scope = '${prefix}/' || old.id
    and catalogue_id in (select id from catalogues where store_id = old.store_id);`;

const TRIGGERS: Array<{ name: string; event: 'insert' | 'delete'; table: string; body: string }> = [
  { name: 'compare_totals_group_insert', event: 'insert', table: 'inventory_groups', body: GROUP_INSERT },
  { name: 'compare_totals_catalogue_insert', event: 'insert', table: 'catalogues', body: CATALOGUE_INSERT },
  { name: 'compare_totals_group_delete', event: 'delete', table: 'inventory_groups', body: forgetScope('group') },
  { name: 'compare_totals_section_delete', event: 'delete', table: 'inventories', body: forgetScope('inventory') },
];

export function compareTotalsFromStart(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const { name, event, table, body } of TRIGGERS) {
        if (dialect === 'postgres') {
          await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
          await sql.raw(`create trigger ${name} after ${event} on ${table} for each row execute function ${name}()`).execute(db);
        } else {
          await sql.raw(`create trigger ${name} after ${event} on ${table} begin ${body} end`).execute(db);
        }
      }
    },
    async down(db: Kysely<any>) {
      for (const { name, table } of TRIGGERS) {
        if (dialect === 'postgres') {
          await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
          await sql.raw(`drop function if exists ${name}()`).execute(db);
        } else {
          await sql.raw(`drop trigger if exists ${name}`).execute(db);
        }
      }
    },
  };
}
