/**
 * 0030: SIP operations sent by devices feed the dashboard's SelfCheck figures. A selfcheck operation written for
 * one remembers it (`sip_operation_id`, unique, so an operation counts once; null for rows written otherwise, such
 * as demo data; no foreign key: SIP operations are deleted only with their library, whose rows all go with it). Operations received before this migration are counted here: every completed
 * (SUCCESS or WARNING) CHECKOUT, CHECKIN or RENEW from a device, labelled 'OTHER' (no label was sent then).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const selfcheckSipOperations: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('selfcheck_operations').addColumn('sip_operation_id', 'integer').execute();
    await db.schema.createIndex('selfcheck_operations_sip_operation_uq').on('selfcheck_operations').column('sip_operation_id').unique().execute();
    await sql`insert into selfcheck_operations (store_id, type, label, origin, date, sip_operation_id)
      select store_id, type, 'OTHER', origin, transaction_date, id from sip_operations
      where device_key_id is not null and type in ('CHECKOUT', 'CHECKIN', 'RENEW') and status in ('SUCCESS', 'WARNING')`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.deleteFrom('selfcheck_operations').where('sip_operation_id', 'is not', null).execute();
    await db.schema.dropIndex('selfcheck_operations_sip_operation_uq').execute();
    await db.schema.alterTable('selfcheck_operations').dropColumn('sip_operation_id').execute();
  },
};
