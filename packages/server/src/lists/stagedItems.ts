/**
 * Large item writes (import, sync, Add Items To) in short steps that still leave nothing half-done.
 * Rows are first written, INSERT_BATCH per statement with the event loop's turn every STAGE_TURN_ROWS, into
 * a temporary table of the writing connection: on SQLite the one connection, which other requests get
 * between the statements; on PostgreSQL one pooled connection held for the write. A final short
 * transaction moves them into the list, one statement per list: the first row of each code/objectId pair,
 * unless the pair is already in the list (counted, not inserted; one another writer adds meanwhile is
 * skipped by the pair's unique index, migration 0013). On any failure the temporary table is
 * dropped and nothing is visible; temporary tables also end with their connection.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { nextTurn } from './files/sheets';
import { itemRow, type ItemValues } from './items';
import { INSERT_BATCH, type ItemTarget } from './itemWrites';

/** Rows staged between two turns of the event loop. */
export const STAGE_TURN_ROWS = 500;

const COLUMNS = ['code', 'object_id', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6', 'search_text'] as const;

export class StagedItems {
  private buffer: Array<{ group: number; item: ItemValues }> = [];
  private seq = 0;
  private sinceTurn = 0;

  constructor(private readonly db: Kysely<Database>, private readonly table: string) {}

  /** Stages one item for the list `group` stands for (a sheet, or 0 when there is one list). */
  async add(group: number, item: ItemValues): Promise<void> {
    this.buffer.push({ group, item });
    if (this.buffer.length >= INSERT_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const rows = this.buffer;
    this.buffer = [];
    if (!rows.length) return;
    const values = rows.map(({ group, item }) => {
      const r = itemRow(item);
      this.seq += 1;
      return sql`(${this.seq}, ${group}, ${sql.join(COLUMNS.map((c) => r[c]))})`;
    });
    await sql`insert into ${sql.table(this.table)} (seq, grp, ${sql.join(COLUMNS.map((c) => sql.ref(c)))}) values ${sql.join(values)}`.execute(this.db);
    this.sinceTurn += rows.length;
    if (this.sinceTurn >= STAGE_TURN_ROWS) {
      this.sinceTurn = 0;
      await nextTurn();
    }
  }

  /** Inside the final transaction: inserts the group's new pairs into the list; returns how many. */
  async moveInto(trx: Transaction<Database>, group: number, target: ItemTarget, createdAt: string): Promise<number> {
    await this.flush();
    const staged = sql.table(this.table);
    const items = sql.table(target.table);
    const parent = sql.ref(`t.${target.parentColumn}`);
    const extra = Object.entries(target.extra ?? {});
    const result = await sql`insert into ${items} (store_id, ${sql.ref(target.parentColumn)}, ${sql.join(COLUMNS.map((c) => sql.ref(c)))}, created_at${sql.join(extra.map(([c]) => sql`, ${sql.ref(c)}`), sql``)})
      select ${target.storeId}, ${target.parentId}, ${sql.join(COLUMNS.map((c) => sql.ref(`s.${c}`)))}, ${createdAt}${sql.join(extra.map(([, v]) => sql`, ${v}`), sql``)}
      from ${staged} s
      where s.grp = ${group}
        and s.seq in (select min(seq) from ${staged} where grp = ${group} group by code, object_id)
        and not exists (select 1 from ${items} t where ${parent} = ${target.parentId} and s.code is not null and t.code = s.code
          and (t.object_id = s.object_id or (t.object_id is null and s.object_id is null)))
        and not exists (select 1 from ${items} t where ${parent} = ${target.parentId} and s.code is null and t.code is null and t.object_id = s.object_id)
      order by s.seq
      on conflict do nothing`.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  }
}

/**
 * Runs `fill` (staging items, in short steps) and then `commit` in one transaction (moving them), on one
 * connection; the staged rows are dropped whatever happens.
 */
export async function withStagedItems<R>(
  db: Kysely<Database>,
  fill: (staged: StagedItems) => Promise<void>,
  commit: (trx: Transaction<Database>, staged: StagedItems) => Promise<R>,
): Promise<R> {
  const run = async (conn: Kysely<Database>): Promise<R> => {
    const table = `staged_items_${randomBytes(8).toString('hex')}`;
    await sql`create temporary table ${sql.table(table)} (seq integer primary key, grp integer not null, ${sql.join(COLUMNS.map((c) => sql`${sql.ref(c)} text${c === 'search_text' ? sql` not null` : sql``}`))})`.execute(conn);
    try {
      const staged = new StagedItems(conn, table);
      await fill(staged);
      await staged.flush();
      return await conn.transaction().execute((trx) => commit(trx, staged));
    } finally {
      await sql`drop table if exists ${sql.table(table)}`.execute(conn);
    }
  };
  // SQLite has one connection, free for others between the steps; PostgreSQL's temporary table lives on the
  // pooled connection that created it, so the write keeps that one.
  return dialectOf(db) === 'sqlite' ? run(db) : db.connection().execute(run);
}
