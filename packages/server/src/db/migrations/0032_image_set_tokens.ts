/**
 * 0032: users.image_set_token, the public token of the user's image-set client URLs, apart from `token` (the
 * capacities displays), so replacing one leaves the other working. Filled with each user's current token: the client
 * URLs already configured on self-check stations keep working until the token is replaced. Unique; not null on
 * PostgreSQL (SQLite cannot add the constraint to an existing column; every insert sets it).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

export const imageSetTokens = (dialect: Dialect): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('image_set_token', 'text').execute();
    await sql`update users set image_set_token = token`.execute(db);
    if (dialect === 'postgres') await sql`alter table users alter column image_set_token set not null`.execute(db);
    await db.schema.createIndex('users_image_set_token_uq').on('users').column('image_set_token').unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('users_image_set_token_uq').execute();
    await db.schema.alterTable('users').dropColumn('image_set_token').execute();
  },
});
