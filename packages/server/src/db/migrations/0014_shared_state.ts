/**
 * 0014: state that several server instances on one database share.
 * - stored_files: files of the database file store (avatars, image-set pictures, uploads waiting for import)
 *   in parts of at most 1 MiB, so no statement moves a whole large file at once.
 * - temp_files: the uploads waiting for import (owner, metadata, size, time) when they live in the database.
 * - job_runs: one row per scheduled job and run slot; the instance that inserts it runs that slot (the others
 *   skip it), and the row records when it finished and the error of a failed run.
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';

export function sharedState(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stored_files')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('part', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('stored_files_pk', ['key', 'part'])
        .execute();
      await db.schema
        .createTable('temp_files')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'integer', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('meta', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('temp_files_owner').on('temp_files').column('owner').execute();
      await db.schema.createIndex('temp_files_created_at').on('temp_files').column('created_at').execute();
      await db.schema
        .createTable('job_runs')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('instance', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('job_runs_pk', ['job', 'slot'])
        .execute();
      await db.schema.createIndex('job_runs_started_at').on('job_runs').column('started_at').execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['job_runs', 'temp_files', 'stored_files']) await db.schema.dropTable(t).execute();
    },
  };
}
