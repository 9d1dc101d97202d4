/**
 * 0020: import_moves, the record of an import's final move in progress on SQLite (lists/importMove moves the
 * rows in steps, each its own transaction). Each step updates its move's row with the item ids inserted so far;
 * the last step deletes it. A row left by a server that stopped mid-move is undone by the next move (its items
 * deleted, and the list it created). PostgreSQL moves in one transaction and never writes here.
 */
import type { Kysely, Migration } from 'kysely';

export const importMoves: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('import_moves')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('instance', 'text', (c) => c.notNull())
      .addColumn('items_table', 'text', (c) => c.notNull())
      .addColumn('created_table', 'text')
      .addColumn('parent_id', 'integer', (c) => c.notNull())
      .addColumn('id_runs', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('import_moves').execute();
  },
};
