/**
 * Kept Compare totals follow a delete of catalogue items or scans inside its own transaction, set-wise (issue
 * 10): the delete of a group or section (its scans), of a section's or catalogue's items. The per-row (SQLite)
 * and per-statement (PostgreSQL) delta triggers of migrations 0019/0021/0022 follow at most MOVED_CAP rows and
 * leave a larger delete's totals behind (ALL_GROUPS, the group's, the catalogue's lists: 1.5-3.9 s each at the
 * next view on a million items, until the background fill passes). Through lists/itemsMoved.ts `itemsDeleting`,
 * this, before the delete and in its transaction:
 *
 * 1. takes the library's version and its totals valid at it (SQLite: `moved` set to MOVED_CAP, so the triggers
 *    only raise the version for the deleted rows; PostgreSQL locks nothing: the delete's statement trigger leaves
 *    a large delete's totals at the version before, and follows a small one's itself);
 * 2. computes each total's delta from the rows about to go, while they are still there: the opposite of what
 *    adding them would change (compareMoveDeltas.ts addedDeltaSql, one place for the matching rules): for deleted
 *    scans D in scope S, EXCEEDED(C, S) -= |D rows C does not hold|, MISSING(C, S) += |items of C that a row of D
 *    matches and no remaining scan in S does|; for deleted items D of C, MISSING(C, S) -= |D rows no scan in S
 *    matches|, EXCEEDED(C, S) += |scans in S that a row of D matches and no remaining item of C does| (every item
 *    of C deleted: MISSING becomes 0 and EXCEEDED the scans in S, index counts);
 * 3. after the delete, adds the delta to each total still at the version read and moves it to the library's new
 *    version (PostgreSQL: only when that is exactly one above, i.e. no other write landed in between; else they
 *    stay behind and are counted again, never wrong).
 *
 * A scope holding only some of the deleted rows (several deleted sections' own lists, which go with them) is left
 * behind, and so is every total when more than deleteDeltas.maxRows rows go (the background fill counts them).
 * Matching is the compare's own: by code, and by objectId when the library labels an objectId column.
 */
import { sql, type Kysely } from 'kysely';
import { UNGROUPED } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { MOVED_CAP } from '../db/migrations/0021_compare_total_delta_cap';
import type { DeletedItems } from '../lists/itemsMoved';
import {
  NOTHING, addedDeltaSql, keptAt, matchesByObjectId, moveDeltaStats, moveKept, scansInScope, versionOf,
  type ChangedRows, type Kept, type MoveDeltas,
} from './compareMoveDeltas';

/**
 * `enabled` off: the triggers alone follow the delete, as before (benchmarks' "before" runs). `maxRows`: a
 * delete of more rows leaves the library's valid kept totals behind instead, for the background fill
 * (services/compareFill.ts) to count. The deltas cost index probes per deleted row and kept total (PostgreSQL
 * large profile, load 7-9: a section of 20,000 scans 0.4-0.9 s against 0.04 s, of 100,000 scans 2.6 s against
 * 0.09 s, a group of a million scans 11.2 s against 2.4 s), while the four lists' counts they spare take 2-4 s
 * in all, and the fill makes them in the background: beyond about 50,000 rows the counts are the cheaper way.
 */
export const deleteDeltas = { maxRows: 50_000 };

/** Statistics for tests and benchmarks: deletes followed set-wise. */
export const deleteDeltaStats = { deletes: 0, leftBehind: 0 };

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}`));

/** The rows a delete is about to remove, with the library and the every-item case; null when there are none. */
async function changedOf(db: Kysely<Database>, deleted: DeletedItems): Promise<(ChangedRows & { every?: number }) | null> {
  if (deleted.table === 'catalogue_items') {
    const { catalogueId } = deleted;
    const row = await db.selectFrom('catalogues').select('store_id').where('id', '=', catalogueId).executeTakeFirst();
    if (!row || deleted.ids?.length === 0) return null;
    const only = deleted.ids;
    return {
      table: 'catalogue_items',
      storeId: Number(row.store_id),
      rows: (a) => sql`${sql.ref(`${a}.catalogue_id`)} = ${catalogueId}${only ? sql` and ${sql.ref(`${a}.id`)} in (${ids(only)})` : sql``}`,
      others: (a) => (only ? sql`${sql.ref(`${a}.id`)} not in (${ids(only)})` : sql`1 = 0`),
      holds: (k) => (k.catalogue_id === catalogueId ? 'all' : 'none'),
      ...(only ? {} : { every: catalogueId }),
    };
  }
  if ('groups' in deleted) {
    const groups = deleted.groups;
    const found = groups.length ? await db.selectFrom('inventory_groups').select(['id', 'store_id']).where('id', 'in', [...groups]).execute() as Array<{ id: number; store_id: number }> : [];
    if (!found.length) return null;
    const sections = new Set((await db.selectFrom('inventories').select('id').where('group_id', 'in', [...groups]).execute() as Array<{ id: number }>).map((r) => `inventory/${r.id}`));
    const scopes = new Set(groups.map((g) => `group/${g}`));
    return {
      table: 'inventory_items',
      storeId: Number(found[0].store_id),
      rows: (a) => sql`${sql.ref(`${a}.group_id`)} in (${ids(groups)})`,
      others: (a) => sql`(${sql.ref(`${a}.group_id`)} is null or ${sql.ref(`${a}.group_id`)} not in (${ids(groups)}))`,
      holds: (k) => {
        if (k.scope === 'ALL_GROUPS') return 'all';
        if (scopes.has(k.scope)) return groups.length === 1 ? 'all' : 'some';
        return sections.has(k.scope) ? 'some' : 'none';
      },
    };
  }
  const { sections, ids: only } = deleted;
  if (!sections.length || only?.length === 0) return null;
  const found = await db.selectFrom('inventories').select(['id', 'store_id', 'group_id']).where('id', 'in', [...sections]).execute() as Array<{ id: number; store_id: number; group_id: number | null }>;
  if (!found.length) return null;
  const groupScopes = found.map((s) => (s.group_id === null ? `group/${UNGROUPED}` : `group/${s.group_id}`));
  const inSections = (a: string) => sql`${sql.ref(`${a}.inventory_id`)} in (${ids(found.map((s) => s.id))})${only ? sql` and ${sql.ref(`${a}.id`)} in (${ids(only)})` : sql``}`;
  /** How many of the deleted sections a scope holds. */
  const held = (scope: string) => (scope === 'ALL_GROUPS' ? found.length : groupScopes.filter((g) => g === scope).length + found.filter((s) => scope === `inventory/${s.id}`).length);
  return {
    table: 'inventory_items',
    storeId: Number(found[0].store_id),
    rows: inSections,
    others: (a) => sql`not (${inSections(a)})`,
    holds: (k) => {
      const n = held(k.scope);
      return n === 0 ? 'none' : n === found.length ? 'all' : 'some';
    },
  };
}

/** What the deleted rows take from the kept total (computed while they are still there); null: leave it behind. */
async function removedDelta(db: Kysely<Database>, changed: ChangedRows & { every?: number }, k: Kept, byObjectId: boolean): Promise<number | null> {
  const holds = changed.holds(k);
  if (holds === 'none') return 0;
  if (holds === 'some') return null;
  if (changed.every !== undefined) {
    // Every item of the catalogue goes: nothing of it is missing, every scan in scope is exceeded.
    if (k.mode === 'MISSING') return -k.total;
    const scans = scansInScope(k.scope, changed.storeId, 'z');
    if (!scans) return null;
    moveDeltaStats.queries += 1;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from inventory_items z where ${scans}`.execute(db);
    return Number(rows[0]?.n ?? 0) - k.total;
  }
  const query = addedDeltaSql(changed, k, byObjectId);
  if (!query) return null;
  moveDeltaStats.queries += 1;
  return -Number((await query.execute(db)).rows[0]?.d ?? 0);
}

/**
 * Before a delete of catalogue items or scans inside the transaction `trx` (see the file's comment): computes
 * what it takes from each of the library's valid kept totals; `end()`, after the delete and before the
 * transaction ends, applies it and moves the totals to the library's new version.
 */
export async function startDeleteDeltas(trx: Kysely<Database>, deleted: DeletedItems): Promise<MoveDeltas> {
  const db = trx;
  const changed = await changedOf(db, deleted);
  if (!changed) return NOTHING;
  const { storeId } = changed;
  const postgres = dialectOf(trx) === 'postgres';
  const version = await versionOf(db, storeId);
  const kept = await keptAt(db, storeId, version);
  if (!kept.length) return NOTHING;
  const { rows: size } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(changed.table)} a where ${changed.rows('a')}`.execute(db);
  const rows = Number(size[0]?.n ?? 0);
  const tooMany = rows > deleteDeltas.maxRows;
  // PostgreSQL: the delete's statement trigger follows a delete every total has room for under MOVED_CAP itself.
  if (postgres && kept.every((k) => k.moved + rows <= MOVED_CAP)) return NOTHING;
  if (!postgres) {
    // Out of the triggers' hands (SQLite: one connection, nothing lands between the steps): followed below, or
    // left behind (the triggers only raise the version) when too many rows go. PostgreSQL's statement trigger
    // leaves a delete of more than MOVED_CAP rows behind itself.
    const catalogues = sql`(select id from catalogues where store_id = ${storeId})`;
    await sql`update compare_totals set moved = ${MOVED_CAP} where version = ${version} and catalogue_id in ${catalogues}`.execute(db);
  }
  if (tooMany) {
    deleteDeltaStats.leftBehind += 1;
    return NOTHING;
  }
  const byObjectId = await matchesByObjectId(db, storeId);
  const deltas: Array<number | null> = [];
  for (const k of kept) deltas.push(await removedDelta(db, changed, k, byObjectId));
  return {
    async end() {
      const now = await versionOf(db, storeId, postgres);
      // PostgreSQL: another write landed between the version read and the delete (or nothing was deleted).
      if (postgres && now !== version + 1) return;
      deleteDeltaStats.deletes += 1;
      for (const [n, k] of kept.entries()) {
        const d = deltas[n];
        // Left behind (at the version before: counted again at its next view or by the background fill).
        if (d === null) continue;
        await moveKept(db, k, version, now, d);
      }
    },
  };
}
