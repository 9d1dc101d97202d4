/**
 * 0010: a view of SIP operations with their library's name (data-areas §3 SIPOperation store.name), so the
 * one list engine can search, sort and export store.name like any column. Both databases flatten the view
 * into the query, so filters on store_id and the order on transaction_date still use the table's index.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const sipOperationsList: Migration = {
  async up(db: Kysely<any>) {
    await sql`create view sip_operations_list as
      select o.id, o.store_id, s.name as store_name, o.origin, o.type, o.offline, o.patron_identifier, o.item_identifier,
        o.title_identifier, o.transaction_date, o.due_date, o.execution_date, o.status, o.error
      from sip_operations o join stores s on s.id = o.store_id`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop view sip_operations_list`.execute(db);
  },
};
