/**
 * 0005: users.token_version, the version every access token carries (claim `ver`). Changing the password,
 * the role, or signing out increments it, so tokens issued before stop working at once. Plus an index on
 * signin_failures(first_failure_at) for purging old lock-out rows.
 */
import type { Kysely, Migration } from 'kysely';

export const tokenVersion: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('signin_failures_first_failure_at').on('signin_failures').column('first_failure_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('signin_failures_first_failure_at').execute();
    await db.schema.alterTable('users').dropColumn('token_version').execute();
  },
};
