/**
 * Large item writes (import, sync, Add Items To) in short steps that still leave nothing half-done.
 * Rows are first written, INSERT_BATCH per statement with the event loop's turn every STAGE_TURN_ROWS, into
 * a temporary table of the writing connection: on SQLite the one connection, which other requests get
 * between the statements; on PostgreSQL one pooled connection held for the write. A final short
 * transaction moves them into the list, one statement per list (an import's move on SQLite goes in steps:
 * ./importMove), in the order they were staged: the first row of each code/objectId pair, unless the pair is
 * already in the list (counted, not inserted); a later row of the pair, or one another writer adds meanwhile,
 * is skipped by the pair's unique index (migration 0013). On any failure the temporary table is
 * dropped and nothing is visible; temporary tables also end with their connection. On PostgreSQL one batch
 * statement stays in flight while the next batch is built (this process and the database work at once).
 */
import { randomBytes } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { ITEM_FIELDS } from '@portal/contract';
import { CompiledQuery, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { dialectOf } from '../db/connect';
import type { Database } from '../db/schema';
import { nextTurn } from './files/sheets';
import { inventoryEventsInsert, lastScanId, logScansAfter } from './inventoryEvents';
import { searchText, type ItemValues } from './items';
import { INSERT_BATCH, type ItemTarget } from './itemWrites';
import { sqliteHandle } from './sqlite';

/** Rows per staging statement (one step: on SQLite other requests wait for it; 2,000 made their median wait too long under load). */
export const STAGE_BATCH = INSERT_BATCH;
/** Rows staged between two turns of the event loop. */
export const STAGE_TURN_ROWS = STAGE_BATCH;

const COLUMNS = ['code', 'object_id', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6', 'search_text'] as const;
/** ITEM_FIELDS read once (the contract's re-exports are getters). */
const FIELDS = ITEM_FIELDS;

export class StagedItems {
  private buffer: Array<{ group: number; item: ItemValues }> = [];
  private seq = 0;
  /** Each group's first and last seq. */
  private readonly ranges = new Map<number, { first: number; last: number }>();
  private sinceTurn = 0;

  private readonly dialect: 'sqlite' | 'postgres';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: string,
  ) {
    this.dialect = dialectOf(db);
  }

  private readonly sqliteTexts = new Map<number, string>();
  private readonly sqliteStatements = new Map<number, BetterSqlite3.Statement>();

  private get columnList(): string {
    return `"${this.table}" (seq, grp, ${COLUMNS.join(', ')})`;
  }

  private sqliteInsert(rows: number): string {
    let text = this.sqliteTexts.get(rows);
    if (!text) {
      const row = `(${Array.from({ length: COLUMNS.length + 2 }, () => '?').join(',')})`;
      text = `insert into ${this.columnList} values ${Array.from({ length: rows }, () => row).join(',')}`;
      this.sqliteTexts.set(rows, text);
    }
    return text;
  }

  /** The batch as one array per column (seq, grp, ...COLUMNS), unnested together. */
  private get postgresInsert(): string {
    return `insert into ${this.columnList}
      select * from unnest($1::int[], $2::int[], ${COLUMNS.map((_, i) => `$${i + 3}::text[]`).join(', ')})`;
  }

  /**
   * Stages one item for the list `group` stands for (a sheet, or 0 when there is one list); a promise only
   * when the item completed a batch (a long import makes no promise per row).
   */
  add(group: number, item: ItemValues): Promise<void> | undefined {
    this.buffer.push({ group, item });
    return this.buffer.length >= STAGE_BATCH ? this.send() : undefined;
  }

  /**
   * PostgreSQL: the batch statement sent last, not waited for yet. One statement stays in flight while the
   * next batch is built (the database inserts one batch while this process builds the next); the connection
   * runs them in order.
   */
  private inFlight: Promise<void> | null = null;

  /** Waits for the statement in flight (its error, if it failed). */
  private async landed(): Promise<void> {
    const pending = this.inFlight;
    this.inFlight = null;
    if (pending) await pending;
  }

  /** Writes every staged row (nothing left in flight). */
  async flush(): Promise<void> {
    await this.send();
    await this.landed();
  }

  /** Writes the buffered rows as one statement (PostgreSQL: waits only for the statement before it). */
  private async send(): Promise<void> {
    const rows = this.buffer;
    this.buffer = [];
    if (!rows.length) return;
    // One statement per batch and no query builder over its thousands of values: SQLite binds them to a
    // statement text made once per batch size, as one flat list of parameters; PostgreSQL takes one array
    // per column and unnests them (the database reads arrays far more cheaply than it unpacks one JSON
    // parameter of rows, and than 5,500 parameters).
    if (this.dialect === 'postgres') return this.sendColumns(rows);
    const width = COLUMNS.length + 2;
    const values: unknown[] = new Array(rows.length * width);
    for (const [i, { group, item }] of rows.entries()) {
      this.next(group);
      let k = i * width;
      values[k++] = this.seq;
      values[k++] = group;
      // COLUMNS: the item's fields in ITEM_FIELDS order, then its search text.
      for (const f of FIELDS) values[k++] = item[f];
      values[k] = searchText(item);
    }
    const raw = sqliteHandle(this.db);
    if (raw) {
      // Kysely prepares a statement on every call (~4 ms for these 5,500 parameters, 0.4 s per 100,000 rows):
      // the batch's statement is prepared once per size and run on the connection while Kysely's lock on it
      // is held (no other request's transaction is open on it meanwhile).
      let statement = this.sqliteStatements.get(rows.length);
      if (!statement) this.sqliteStatements.set(rows.length, (statement = raw.prepare(this.sqliteInsert(rows.length))));
      const prepared = statement;
      await this.db.connection().execute(async () => {
        prepared.run(values);
      });
    } else {
      await this.db.executeQuery(CompiledQuery.raw(this.sqliteInsert(rows.length), values));
    }
    await this.turnAfter(rows.length);
  }

  /** PostgreSQL: the batch as one array per column; waits only for the statement before it. */
  private async sendColumns(rows: Array<{ group: number; item: ItemValues }>): Promise<void> {
    const columns: unknown[][] = Array.from({ length: COLUMNS.length + 2 }, () => new Array(rows.length));
    for (const [i, { group, item }] of rows.entries()) {
      this.next(group);
      columns[0]![i] = this.seq;
      columns[1]![i] = group;
      let k = 2;
      for (const f of FIELDS) columns[k++]![i] = item[f];
      columns[k]![i] = searchText(item);
    }
    const sent = this.db.executeQuery(CompiledQuery.raw(this.postgresInsert, columns)).then(() => undefined);
    // Its error is taken by the next flush (or the final one); until then it counts as handled.
    sent.catch(() => undefined);
    await this.landed();
    this.inFlight = sent;
    await this.turnAfter(rows.length);
  }

  /** A turn of the event loop every STAGE_TURN_ROWS staged rows. */
  private async turnAfter(rows: number): Promise<void> {
    this.sinceTurn += rows;
    if (this.sinceTurn >= STAGE_TURN_ROWS) {
      this.sinceTurn = 0;
      await nextTurn();
    }
  }

  /** The next seq, for a row of `group`. */
  private next(group: number): void {
    this.seq += 1;
    const range = this.ranges.get(group);
    if (range) range.last = this.seq;
    else this.ranges.set(group, { first: this.seq, last: this.seq });
  }

  /** Writes every staged row; returns the group's first and last seq (0, 0 when it has none). */
  async range(group: number): Promise<{ first: number; last: number }> {
    await this.flush();
    return this.ranges.get(group) ?? { first: 0, last: 0 };
  }

  /**
   * Inserts the group's staged rows with seq in (after, upTo] into the list, in seq order: those whose pair is not
   * in the list yet (a later row of a pair, or one another writer adds meanwhile, is skipped by the pair's unique index).
   * Returns the ids of the inserted items.
   */
  async moveRange(trx: Kysely<Database>, group: number, target: ItemTarget, createdAt: string, after: number, upTo: number): Promise<number[]> {
    const { rows } = await this.insertRange(trx, group, target, createdAt, after, upTo, true);
    return rows.map((r) => Number(r.id));
  }

  /**
   * Inserts the range; scans of an inventory section get their INVENTORY item events in the same transaction
   * (./inventoryEvents): on SQLite those above the table's highest id before the insert (one connection), on
   * PostgreSQL those the insert returns, in the same statement (another transaction may insert meanwhile).
   */
  private async insertRange(
    trx: Kysely<Database>,
    group: number,
    target: ItemTarget,
    createdAt: string,
    after: number,
    upTo: number,
    ids = false,
    listEmpty = false,
  ): Promise<{ rows: Array<{ id: number }>; count: number }> {
    const scans = target.table === 'inventory_items';
    if (scans && this.dialect === 'postgres') {
      const insert = this.insertSql(group, target, createdAt, after, upTo, sql`returning *`, listEmpty);
      const events = inventoryEventsInsert(trx, sql`moved`, target.parentId, sql`true`);
      const { rows } = await sql<{ id: number; n: number }>`with moved as (${insert}), logged as (${events})
        select ${ids ? sql`id, 0 as n from moved` : sql`0 as id, count(*) as n from moved`}`.execute(trx);
      return { rows, count: ids ? rows.length : Number(rows[0]?.n ?? 0) };
    }
    const before = scans ? await lastScanId(trx) : 0;
    const result = await this.insertSql(group, target, createdAt, after, upTo, ids ? sql`returning id` : sql``, listEmpty).execute(trx);
    if (scans) await logScansAfter(trx, target.parentId, before);
    return { rows: result.rows as Array<{ id: number }>, count: ids ? result.rows.length : Number(result.numAffectedRows ?? 0n) };
  }

  private insertSql(group: number, target: ItemTarget, createdAt: string, after: number, upTo: number, returning: RawBuilder<unknown>, listEmpty: boolean) {
    const staged = sql.table(this.table);
    const items = sql.table(target.table);
    const parent = sql.ref(`t.${target.parentColumn}`);
    const extra = Object.entries(target.extra ?? {});
    // SQLite: pairs already in the list are left to the pair's unique index (on conflict do nothing), which
    // the insert probes anyway, instead of two more probes per row. PostgreSQL probes them first (its
    // on conflict draws an id from the sequence for every row it skips), unless the list was empty: then
    // only a pair another writer adds meanwhile can conflict.
    const pairsInList =
      this.dialect === 'sqlite' || listEmpty
        ? sql``
        : sql`
        and not exists (select 1 from ${items} t where ${parent} = ${target.parentId} and s.code is not null and t.code = s.code
          and (t.object_id = s.object_id or (t.object_id is null and s.object_id is null)))
        and not exists (select 1 from ${items} t where ${parent} = ${target.parentId} and s.code is null and t.code is null and t.object_id = s.object_id)`;
    return sql<{
      id: number;
    }>`insert into ${items} (store_id, ${sql.ref(target.parentColumn)}, ${sql.join(COLUMNS.map((c) => sql.ref(c)))}, created_at${sql.join(
      extra.map(([c]) => sql`, ${sql.ref(c)}`),
      sql``,
    )})
      select ${target.storeId}, ${target.parentId}, ${sql.join(COLUMNS.map((c) => sql.ref(`s.${c}`)))}, ${createdAt}${sql.join(
        extra.map(([, v]) => sql`, ${v}`),
        sql``,
      )}
      from ${staged} s
      where s.grp = ${group} and s.seq > ${after} and s.seq <= ${upTo}${pairsInList}
      order by s.seq
      on conflict do nothing
      ${returning}`;
  }

  /** Inside one transaction: inserts the group's new pairs into the list; returns how many. */
  async moveInto(trx: Transaction<Database>, group: number, target: ItemTarget, createdAt: string): Promise<number> {
    const { first, last } = await this.range(group);
    return (await this.insertRange(trx, group, target, createdAt, first - 1, last, false, this.dialect === 'postgres' && (await listIsEmpty(trx, target))))
      .count;
  }
}

/** Whether the list has no items yet (a list an import creates, or an empty section). */
async function listIsEmpty(trx: Kysely<Database>, target: ItemTarget): Promise<boolean> {
  const { rows } = await sql`select 1 from ${sql.table(target.table)} where ${sql.ref(target.parentColumn)} = ${target.parentId} limit 1`.execute(trx);
  return rows.length === 0;
}

/**
 * Runs `fill` (staging items, in short steps) and then `finish` (moving them, in its own transactions) on one
 * connection; the staged rows are dropped whatever happens.
 */
export async function withStaging<R>(
  db: Kysely<Database>,
  fill: (staged: StagedItems) => Promise<void>,
  finish: (conn: Kysely<Database>, staged: StagedItems) => Promise<R>,
): Promise<R> {
  const run = async (conn: Kysely<Database>): Promise<R> => {
    const table = `staged_items_${randomBytes(8).toString('hex')}`;
    await sql`create temporary table ${sql.table(table)} (seq integer primary key, grp integer not null, ${sql.join(COLUMNS.map((c) => sql`${sql.ref(c)} text${c === 'search_text' ? sql` not null` : sql``}`))})`.execute(
      conn,
    );
    const staged = new StagedItems(conn, table);
    try {
      await fill(staged);
      await staged.flush();
      return await finish(conn, staged);
    } finally {
      await sql`drop table if exists ${sql.table(table)}`.execute(conn);
    }
  };
  // SQLite has one connection, free for others between the steps; PostgreSQL's temporary table lives on the
  // pooled connection that created it, so the write keeps that one.
  return dialectOf(db) === 'sqlite' ? run(db) : db.connection().execute(run);
}

/** withStaging whose rows are moved by `commit` in one transaction. */
export function withStagedItems<R>(
  db: Kysely<Database>,
  fill: (staged: StagedItems) => Promise<void>,
  commit: (trx: Transaction<Database>, staged: StagedItems) => Promise<R>,
): Promise<R> {
  return withStaging(db, fill, (conn, staged) => conn.transaction().execute((trx) => commit(trx, staged)));
}
