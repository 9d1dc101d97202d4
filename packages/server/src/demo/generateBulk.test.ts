import { createTestDb, type TestDb } from '../testing/testDb';
import { BulkWriter, bulkTable, nextId, syncSequences, type Cell } from './generateBulk';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.destroy());

const FAILURES = bulkTable('signin_failures', { key: 'text', failures: 'int', first_failure_at: 'text', locked_until: 'text' });

function* failureRows(n: number): Generator<Cell[]> {
  for (let i = 0; i < n; i += 1) yield [`user:n${String(i).padStart(6, '0')}`, i, '2025-01-01T00:00:00.000Z', i % 2 ? null : 'x'];
}

describe('BulkWriter', () => {
  it('inserts streamed rows in several statements, outside and inside a transaction', async () => {
    const writer = await BulkWriter.create(t.db);
    const n = writer.rowsPerStatement(FAILURES) * 3 + 7;
    const progress: number[] = [];
    expect(await writer.insert(FAILURES, failureRows(n), (done) => progress.push(done))).toBe(n);
    expect(progress[progress.length - 1]).toBe(n);
    expect(progress.length).toBe(4);
    const rows = await t.db.selectFrom('signin_failures').select(['key', 'failures', 'locked_until']).orderBy('key').execute();
    expect(rows).toHaveLength(n);
    expect(rows[n - 1]).toEqual({ key: `user:n${String(n - 1).padStart(6, '0')}`, failures: n - 1, locked_until: (n - 1) % 2 ? null : 'x' });

    await t.db.transaction().execute(async (trx) => {
      const inner = await BulkWriter.create(trx);
      expect(
        await inner.insert(FAILURES, [
          ['ip:1', 1, 'a', null],
          ['ip:2', 2, 'b', null],
        ]),
      ).toBe(2);
    });
    expect(await t.db.selectFrom('signin_failures').select('key').where('key', 'like', 'ip:%').execute()).toHaveLength(2);
  });

  it('stays within the SQLite variable limit and keeps the serial sequence past explicit ids', async () => {
    const writer = await BulkWriter.create(t.db);
    const stores = bulkTable('stores', {
      id: 'int',
      code: 'text',
      country: 'text',
      area: 'text',
      province: 'text',
      city: 'text',
      name: 'text',
      address: 'text',
      manager: 'text',
      managertel: 'text',
      capacity: 'int',
      reset_time: 'text',
      start_time: 'text',
      end_time: 'text',
      expiration_date: 'text',
      created_at: 'text',
      updated_at: 'text',
    });
    if (writer.dialect === 'sqlite') expect(writer.rowsPerStatement(stores) * stores.columns.length).toBeLessThanOrEqual(32766);
    const first = await nextId(t.db, 'stores');
    const row = (id: number): Cell[] => [id, `C${id}`, 'España', 'A', 'P', 'C', `N${id}`, '', '', '', 10, '00:00', '09:00', '20:00', '2030-01-01', 'x', 'x'];
    await writer.insert(stores, [row(first), row(first + 1)]);
    await syncSequences(t.db, ['stores']);
    const { id } = await t.db
      .insertInto('stores')
      .values({
        code: 'NEXT',
        country: 'España',
        area: 'A',
        province: 'P',
        city: 'C',
        name: 'Next',
        address: '',
        manager: '',
        managertel: '',
        capacity: 1,
        reset_time: '00:00',
        start_time: '09:00',
        end_time: '20:00',
        expiration_date: '2030-01-01',
        created_at: 'x',
        updated_at: 'x',
        timezone: 'Europe/Madrid',
        field_code: 'Code',
        field_object_id: '',
        field1: '',
        field2: '',
        field3: '',
        field4: '',
        field5: '',
        field6: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(first + 2);
    expect(await nextId(t.db, 'stores')).toBe(first + 3);
  });
});
