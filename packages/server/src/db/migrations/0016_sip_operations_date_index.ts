/**
 * 0016: the SIP operations list's default order (transaction date newest first, id breaking ties: the engine's
 * `transaction_date desc nulls last, id desc`) read from an index instead of sorting every operation of the
 * libraries in scope (an admin's list covers every library). The index holds exactly the engine's order
 * ascending (nulls first on PostgreSQL, SQLite's default), so one index serves both directions. The
 * per-library date ranges (public "Self-service today") keep sip_operations_store_date_idx.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect';

export const SIP_DATE_INDEX = 'sip_operations_date_idx';

export function sipOperationsDateIndex(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const date = dialect === 'sqlite' ? sql`transaction_date` : sql`transaction_date nulls first`;
      await sql`create index ${sql.ref(SIP_DATE_INDEX)} on sip_operations (${date}, id)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists ${sql.ref(SIP_DATE_INDEX)}`.execute(db);
    },
  };
}
