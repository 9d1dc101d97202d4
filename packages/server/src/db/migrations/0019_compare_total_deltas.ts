/**
 * 0019: kept Compare totals follow item writes instead of being counted again (0018 kept them only until the
 * next write: the first total after any write counted a million items, 2–6 s).
 *
 * The triggers of 0018 on catalogue items and scans are replaced by ones that, before raising the library's
 * version, add to every kept total of the library that is valid (counted at the current version) what the write
 * changed, and move it to the new version. A write is a set of removed rows (-1) and added rows (+1); an update
 * is its old row removed and its new row added. For a kept list (catalogue C, mode, scope S):
 *
 * - rows on the list's own side (scans in S for EXCEEDED, items of C for MISSING): each changed row counts ±1
 *   when nothing on the other side matches it;
 * - rows on the other side: each one the changed rows match counts +1 when it had a match before the write and
 *   has none after it, -1 the other way round ("before" = the other changed rows excluded, by id on SQLite and
 *   by the net count of matching changed rows on PostgreSQL).
 *
 * Matching is the compare's own: by code, and by objectId when the library labels an objectId column. Every
 * look-up is an index probe per changed row (and per row it matches), so the cost follows the size of the
 * write and the number of kept totals of the library, never the library's size. SQLite runs it per row,
 * PostgreSQL per statement through transition tables; a PostgreSQL statement of more than DELTA_MAX_ROWS rows
 * only raises the version (its kept totals are counted again, as before). Totals not kept cost nothing more
 * than 0018's version bump. Labelling the objectId column still invalidates every kept total (0018's trigger).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

/** PostgreSQL statements writing more rows than this invalidate the library's kept totals instead. */
export const DELTA_MAX_ROWS = 50_000;

type Table = 'catalogue_items' | 'inventory_items';
const TABLES: Table[] = ['catalogue_items', 'inventory_items'];
const OTHER: Record<Table, Table> = { catalogue_items: 'inventory_items', inventory_items: 'catalogue_items' };
/** The kept list whose own side a table is. */
const OWN_MODE: Record<Table, 'MISSING' | 'EXCEEDED'> = { catalogue_items: 'MISSING', inventory_items: 'EXCEEDED' };

/** Scope kinds of a kept total and the condition on scans (alias `a`) they mean; `sid`/`num` name the library and the number in the scope. */
interface ScopeKind { test: (scope: string) => string; scans: (a: string, sid: string, num: string) => string }
const SCOPE_KINDS: ScopeKind[] = [
  { test: (s) => `${s} = 'ALL_GROUPS'`, scans: (a, sid) => `${a}.store_id = ${sid}` },
  { test: (s) => `${s} = 'group/UNGROUPED'`, scans: (a, sid) => `${a}.store_id = ${sid} and ${a}.group_id is null` },
  { test: (s) => `${s} like 'group/%' and ${s} <> 'group/UNGROUPED'`, scans: (a, sid, num) => `${a}.store_id = ${sid} and ${a}.group_id = ${num}` },
  { test: (s) => `${s} like 'inventory/%'`, scans: (a, _sid, num) => `${a}.inventory_id = ${num}` },
];

/** The rows of `table` (alias `a`) on a kept list's side: the catalogue's items, or the scans in scope. */
const side = (table: Table, a: string, kind: ScopeKind, catalogue: string, sid: string, num: string) =>
  (table === 'catalogue_items' ? `${a}.catalogue_id = ${catalogue}` : kind.scans(a, sid, num));

// ---------------------------------------------------------------- SQLite: per row

const SQLITE_NUM: Record<string, string> = { group: `cast(substr(compare_totals.scope, 7) as integer)`, inventory: `cast(substr(compare_totals.scope, 11) as integer)` };

/** The statement adding to the kept totals of kind `kind` what row `r` ('new' +1 or 'old' -1) of `table` changed. */
function sqliteDelta(table: Table, r: 'new' | 'old', kind: ScopeKind, kindIndex: number, cap: number | null): string {
  const sign = r === 'new' ? 1 : -1;
  const num = kindIndex === 2 ? SQLITE_NUM.group : SQLITE_NUM.inventory;
  const byObject = `(select coalesce(field_object_id, '') <> '' from stores where id = ${r}.store_id)`;
  const other = OTHER[table];
  const onSide = (t: Table, a: string) => side(t, a, kind, 'compare_totals.catalogue_id', `${r}.store_id`, num);
  const matched = (t: Table, a: string, code: string, objectId: string, except = '') =>
    `(exists (select 1 from ${t} ${a} where ${onSide(t, a)}${except} and ${a}.code = ${code})
      or (${byObject} and exists (select 1 from ${t} ${a} where ${onSide(t, a)}${except} and ${a}.object_id = ${objectId})))`;
  // Own side: the changed row itself, when nothing on the other side matches it.
  const own = `(not ${matched(other, 'o', `${r}.code`, `${r}.object_id`)})`;
  // Other side: the rows the changed row matches that no other row of its side matches.
  const others = `(select count(*) from ${other} m where m.id in (
      select o.id from ${other} o where ${onSide(other, 'o')} and o.code = ${r}.code
      union select o.id from ${other} o where ${byObject} and ${onSide(other, 'o')} and o.object_id = ${r}.object_id)
    and not ${matched(table, 'z', 'm.code', 'm.object_id', ` and z.id <> ${r}.id`)})`;
  // The changed row must be in the kept list's scope (its catalogue, or for a scan the scope holds it).
  const rowIn = table === 'catalogue_items' ? `compare_totals.catalogue_id = ${r}.catalogue_id` : `${kind.scans(r, `${r}.store_id`, num)}
      and compare_totals.catalogue_id in (select id from catalogues where store_id = ${r}.store_id)`;
  // A catalogue being deleted takes its kept totals with it: its items' deletes skip the work.
  const alive = table === 'catalogue_items' && r === 'old' ? ` and exists (select 1 from catalogues where id = old.catalogue_id)` : '';
  return `update compare_totals set total = total + ${sign} * (case when mode = '${OWN_MODE[table]}' then ${own} else -${others} end)
    where ${kind.test('compare_totals.scope')} and ${rowIn}${alive}
      and version = (select version from list_item_versions where store_id = ${r}.store_id)${cap === null ? '' : ` and moved < ${cap}`};`;
}

/** Valid kept totals of the library move to the version the write raises it to (`when`: an extra condition). */
const sqliteAdvance = (store: string, cap: number | null, when = '') => `
    update compare_totals set version = version + 1${cap === null ? '' : ', moved = moved + 1'}
      where version = (select version from list_item_versions where store_id = ${store})
        and catalogue_id in (select id from catalogues where store_id = ${store})${cap === null ? '' : ` and moved < ${cap}`}${when};
    insert into list_item_versions (store_id, version) select ${store}, 1 where true${when}
      on conflict (store_id) do update set version = list_item_versions.version + 1;`;

const MATCH_COLUMNS: Record<Table, string> = {
  catalogue_items: 'store_id, catalogue_id, code, object_id',
  inventory_items: 'store_id, group_id, inventory_id, code, object_id',
};

const sqliteDeltas = (table: Table, r: 'new' | 'old', cap: number | null) => SCOPE_KINDS.map((kind, n) => sqliteDelta(table, r, kind, n, cap)).join('\n');

const sqliteTriggers = (table: Table, cap: number | null) => [
  `create trigger ${table}_versions_insert after insert on ${table} begin ${sqliteDeltas(table, 'new', cap)} ${sqliteAdvance('new.store_id', cap)} end`,
  `create trigger ${table}_versions_delete after delete on ${table} begin ${sqliteDeltas(table, 'old', cap)} ${sqliteAdvance('old.store_id', cap)} end`,
  `create trigger ${table}_versions_update after update of ${MATCH_COLUMNS[table]} on ${table} begin
    ${sqliteDeltas(table, 'old', cap)} ${sqliteDeltas(table, 'new', cap)}
    ${sqliteAdvance('old.store_id', cap)} ${sqliteAdvance('new.store_id', cap, ' and new.store_id <> old.store_id')} end`,
];

// ---------------------------------------------------------------- PostgreSQL: per statement

const PG_COLUMNS: Record<Table, string> = {
  catalogue_items: 'id, store_id, catalogue_id, code, object_id',
  inventory_items: 'id, store_id, group_id, inventory_id, code, object_id',
};

/** The changed rows with their sign, from the transition tables the event has. */
function pgChanged(table: Table, event: 'insert' | 'delete' | 'update'): string {
  const part = (rows: string, sign: number) => `select ${PG_COLUMNS[table]}, ${sign} as sign from ${rows}`;
  const parts = [...(event !== 'insert' ? [part('old_rows', -1)] : []), ...(event !== 'delete' ? [part('new_rows', 1)] : [])];
  return `(${parts.join(' union all ')})`;
}

/** The delta of kept list (cid, mode, scope kind) for a statement's changed rows `ch`. */
function pgDelta(table: Table, changed: string, kind: ScopeKind): string {
  const other = OTHER[table];
  const onSide = (t: Table, a: string) => side(t, a, kind, 'cid', 'sid', 'num');
  const ownRows = `(select * from ${changed} x where ${onSide(table, 'x')})`;
  const own = `(select coalesce(sum(ch.sign), 0) from ${ownRows} ch
      where not exists (select 1 from ${other} o where ${onSide(other, 'o')} and o.code = ch.code)
        and not (by_object and exists (select 1 from ${other} o where ${onSide(other, 'o')} and o.object_id = ch.object_id)))`;
  // Other side: matches now (index counts) against matches before (now minus the net matching changed rows).
  const others = `(with ch as ${ownRows},
      cand as (select o.id, o.code, o.object_id from ${other} o where ${onSide(other, 'o')} and o.code in (select code from ch)
        union select o.id, o.code, o.object_id from ${other} o where by_object and ${onSide(other, 'o')} and o.object_id in (select object_id from ch)),
      net_code as (select code, sum(sign) as n from ch group by code),
      net_object as (select object_id, sum(sign) as n from ch group by object_id),
      counted as (select
          (select count(*) from ${table} z where ${onSide(table, 'z')} and z.code = cand.code)
            + case when by_object then (select count(*) from ${table} z where ${onSide(table, 'z')} and z.object_id = cand.object_id) else 0 end as now_n,
          coalesce(net_code.n, 0) + case when by_object then coalesce(net_object.n, 0) else 0 end as net
        from cand left join net_code on net_code.code = cand.code left join net_object on by_object and net_object.object_id = cand.object_id)
      select coalesce(sum(case when now_n = 0 and now_n - net > 0 then 1 when now_n > 0 and now_n - net = 0 then -1 else 0 end), 0) from counted)`;
  return `case when k.mode = '${OWN_MODE[table]}' then ${own} else ${others} end`;
}

function pgFunction(table: Table, event: 'insert' | 'delete' | 'update', cap: number | null): string {
  const changed = pgChanged(table, event);
  const branches = SCOPE_KINDS.map((kind, n) => `${n === 0 ? 'if' : 'elsif'} ${kind.test('k.scope')} then
          num := ${n === 2 ? `substr(k.scope, 7)::int` : n === 3 ? `substr(k.scope, 11)::int` : 'null'};
          d := ${pgDelta(table, changed, kind)};`).join('\n        ');
  const capped = (a: string) => (cap === null ? '' : ` and ${a}moved + rows_changed <= ${cap}`);
  const keptOf = table === 'catalogue_items' ? ` and ct.catalogue_id in (select catalogue_id from ${changed} c)` : '';
  return `create or replace function compare_delta_${table}_${event}() returns trigger language plpgsql as $$
    declare sid int; v bigint; rows_changed bigint; by_object boolean; k record; cid int; num int; d bigint;
    begin
      select count(*) into rows_changed from ${changed} c;
      for sid in select distinct store_id from ${changed} c order by 1 loop
        -- Raising the version first locks the library's row: writers of one library apply their deltas in turn.
        insert into list_item_versions (store_id, version) values (sid, 1)
          on conflict (store_id) do update set version = list_item_versions.version + 1 returning version into v;
        continue when rows_changed > ${cap ?? DELTA_MAX_ROWS};
        select coalesce(field_object_id, '') <> '' into by_object from stores where id = sid;
        for k in select ct.catalogue_id, ct.mode, ct.scope from compare_totals ct join catalogues c on c.id = ct.catalogue_id
            where c.store_id = sid and ct.version = v - 1${keptOf}${capped('ct.')} loop
          cid := k.catalogue_id;
          d := 0;
          ${branches}
          end if;
          update compare_totals set total = total + d where catalogue_id = cid and mode = k.mode and scope = k.scope;
        end loop;
        update compare_totals set version = v${cap === null ? '' : ', moved = moved + rows_changed'}
          where version = v - 1 and catalogue_id in (select id from catalogues where store_id = sid)${capped('')};
      end loop;
      return null;
    end $$`;
}

const EVENTS = ['insert', 'delete', 'update'] as const;
const REFERENCING: Record<(typeof EVENTS)[number], string> = {
  insert: 'referencing new table as new_rows',
  delete: 'referencing old table as old_rows',
  update: 'referencing old table as old_rows new table as new_rows',
};

const pgTrigger = (table: Table, event: (typeof EVENTS)[number]) => `create trigger ${table}_versions_${event} after ${event} on ${table}
    ${REFERENCING[event]} for each statement execute function compare_delta_${table}_${event}()`;

/** 0018's triggers, restored by down(). */
const PG_0018_FUNCTION: Record<(typeof EVENTS)[number], string> = { insert: 'list_item_versions_new', delete: 'list_item_versions_old', update: 'list_item_versions_both' };

/**
 * Drops the item triggers and creates the delta ones. `cap` (migration 0021): a kept total follows at most
 * that many written rows between two reads (column compare_totals.moved), beyond which it is counted again.
 */
export async function installDeltaTriggers(db: Kysely<any>, dialect: Dialect, cap: number | null): Promise<void> {
  const on = (table: string) => (dialect === 'postgres' ? ` on ${table}` : '');
  for (const table of TABLES) for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_versions_${event}${on(table)}`).execute(db);
  for (const table of TABLES) {
    if (dialect === 'postgres') {
      for (const event of EVENTS) {
        await sql.raw(pgFunction(table, event, cap)).execute(db);
        await sql.raw(pgTrigger(table, event)).execute(db);
      }
    } else {
      for (const statement of sqliteTriggers(table, cap)) await sql.raw(statement).execute(db);
    }
  }
}

export function compareTotalDeltas(dialect: Dialect): Migration {
  const on = (table: string) => (dialect === 'postgres' ? ` on ${table}` : '');
  const dropTriggers = async (db: Kysely<any>) => {
    for (const table of TABLES) for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_versions_${event}${on(table)}`).execute(db);
  };
  return {
    async up(db: Kysely<any>) {
      await installDeltaTriggers(db, dialect, null);
    },
    async down(db: Kysely<any>) {
      await dropTriggers(db);
      for (const table of TABLES) {
        for (const event of EVENTS) {
          if (dialect === 'postgres') {
            await sql.raw(`drop function if exists compare_delta_${table}_${event}()`).execute(db);
            await sql.raw(pgTrigger(table, event).replace(`compare_delta_${table}_${event}`, PG_0018_FUNCTION[event])).execute(db);
          }
        }
      }
      if (dialect !== 'postgres') {
        const bump = (store: string) => `insert into list_item_versions (store_id, version) values (${store}, 1)
          on conflict (store_id) do update set version = list_item_versions.version + 1;`;
        for (const table of TABLES) {
          await sql.raw(`create trigger ${table}_versions_insert after insert on ${table} begin ${bump('new.store_id')} end`).execute(db);
          await sql.raw(`create trigger ${table}_versions_delete after delete on ${table} begin ${bump('old.store_id')} end`).execute(db);
          await sql.raw(`create trigger ${table}_versions_update after update of ${MATCH_COLUMNS[table]} on ${table} begin ${bump('old.store_id')} ${bump('new.store_id')} end`).execute(db);
        }
      }
    },
  };
}
