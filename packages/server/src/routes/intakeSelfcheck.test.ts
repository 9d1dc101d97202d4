/**
 * SIP operations from devices in the dashboard's SelfCheck on a real database: a completed (SUCCESS or WARNING)
 * CHECKOUT, CHECKIN or RENEW counts exactly once, dated by its transaction and labelled as sent ('OTHER' when not),
 * however often it is resent or first reported PENDING; it stops counting when it moves to ERROR; cancels,
 * information requests and pending checkins never count; a label over its limit refuses the row. Migration 0030
 * counts the operations received before it.
 */
import { localDateTime } from '../dashboard/clock';
import { selfcheckSipOperations } from '../db/migrations/0030_selfcheck_sip_operations';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let store: number;
let key: string;
const frozen = new Date();
let now: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => frozen, deviceRate: { perSecond: 1, burst: 1000 } });
  ({ 'BIB-001': store } = await t.storeIds(['BIB-001']));
  key = (await t.call('POST', `/api/stores/${store}/deviceKeys`, { user: 'admin', body: { name: 'Self-check' } })).json().key;
  const { timezone } = await t.db.selectFrom('stores').select('timezone').where('id', '=', store).executeTakeFirstOrThrow();
  now = localDateTime(frozen, timezone);
});
afterAll(() => t.close());

const send = async (...operations: object[]) =>
  (await t.app.inject({ method: 'POST', url: '/api/devices/sipOperations', payload: { operations }, headers: { 'x-device-key': key } })).json();
const operation = (operationId: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  origin: 'Station 1',
  type: 'CHECKOUT',
  offline: false,
  patronIdentifier: 'P-1',
  itemIdentifier: 'BC-1',
  titleIdentifier: 'A title',
  transactionDate: now,
  executionDate: now,
  status: 'SUCCESS',
  error: '',
  label: 'Comic',
  ...extra,
});
/** The selfcheck rows of a device operation. */
const rows = async (operationId: string) =>
  t.db
    .selectFrom('selfcheck_operations as s')
    .innerJoin('sip_operations as o', 'o.id', 's.sip_operation_id')
    .select(['s.store_id', 's.type', 's.label', 's.origin', 's.date'])
    .where('o.operation_id', '=', operationId)
    .execute();
const dashboard = async (call: string, type?: string) =>
  (await t.call('GET', `/api/dashboard/${call}?selectedStoreIds=${store}${type ? `&type=${type}` : ''}`, { user: 'admin' })).json();
const slice = async (type: string, label: string) =>
  ((await dashboard('selfcheckToday', type)) as { label: string; value: number }[]).find((r) => r.label === label)?.value ?? 0;

describe('SIP operations in the SelfCheck figures', () => {
  it('PENDING then SUCCESS counts once, dated by the transaction; resending changes nothing', async () => {
    const totals = await dashboard('totalSelfcheckOperations');
    const transactionDate = `${now.slice(0, 10)} 00:00:01`;
    expect(await send(operation('A-1', { status: 'PENDING', offline: true, executionDate: null, transactionDate }))).toMatchObject({ accepted: 1 });
    expect(await rows('A-1')).toEqual([]);
    const done = operation('A-1', { offline: true, transactionDate, executionDate: now });
    expect(await send(done)).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await send(done)).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await send(done, done)).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await rows('A-1')).toEqual([{ store_id: store, type: 'CHECKOUT', label: 'Comic', origin: 'Station 1', date: transactionDate }]);
    expect(await slice('CHECKOUT', 'Comic')).toBe(1);
    expect((await dashboard('totalSelfcheckOperations')).totalCheckoutsToday).toBe(totals.totalCheckoutsToday + 1);
  });

  it('within one batch the last report wins: PENDING and SUCCESS together count once', async () => {
    expect(await send(operation('B-1', { status: 'PENDING', type: 'RENEW' }), operation('B-1', { type: 'RENEW', label: 'Map' }))).toMatchObject({
      accepted: 1,
      duplicates: 1,
    });
    expect(await rows('B-1')).toEqual([expect.objectContaining({ type: 'RENEW', label: 'Map' })]);
    expect(await slice('RENEW', 'Map')).toBe(1);
  });

  it('WARNING counts; moving to ERROR removes it, back to SUCCESS counts it again', async () => {
    await send(operation('C-1', { type: 'CHECKIN', status: 'WARNING', error: 'Return to the desk', label: 'Vinyl' }));
    expect(await slice('CHECKIN', 'Vinyl')).toBe(1);
    expect(await send(operation('C-1', { type: 'CHECKIN', status: 'ERROR', error: 'Refused', label: 'Vinyl' }))).toMatchObject({ accepted: 1 });
    expect(await rows('C-1')).toEqual([]);
    expect(await slice('CHECKIN', 'Vinyl')).toBe(0);
    await send(operation('C-1', { type: 'CHECKIN', label: 'Vinyl' }));
    expect(await rows('C-1')).toHaveLength(1);
  });

  it('cancels, information requests, pending checkins and errors never count', async () => {
    const result = await send(
      operation('D-1', { type: 'CHECKOUT_CANCEL' }),
      operation('D-2', { type: 'INFORMATION' }),
      operation('D-3', { type: 'CHECKIN_PENDING' }),
      operation('D-4', { status: 'ERROR' }),
      operation('D-5', { status: 'PENDING' }),
    );
    expect(result).toMatchObject({ accepted: 5, rejected: [] });
    for (const id of ['D-1', 'D-2', 'D-3', 'D-4', 'D-5']) expect([id, await rows(id)]).toEqual([id, []]);
  });

  it("a missing, null or blank label is 'OTHER'; a label over 100 characters or not text refuses the row", async () => {
    const { label: _, ...unlabelled } = operation('E-1');
    const result = await send(
      unlabelled,
      operation('E-2', { label: null }),
      operation('E-3', { label: '  ' }),
      operation('E-4', { label: 'x'.repeat(101) }),
      operation('E-5', { label: 7 }),
      operation('E-6', { label: 'y'.repeat(100) }),
    );
    expect(result.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [3, 'FIELD_TOO_LONG'],
      [4, 'INVALID_FIELD'],
    ]);
    for (const id of ['E-1', 'E-2', 'E-3']) expect((await rows(id))[0]?.label).toBe('OTHER');
    expect(await rows('E-4')).toEqual([]);
    expect((await rows('E-6'))[0]?.label).toBe('y'.repeat(100));
  });

  it('migration 0030 counts the completed operations received before it', async () => {
    await send(operation('F-1', { type: 'RENEW' }), operation('F-2', { status: 'ERROR' }));
    await selfcheckSipOperations.down!(t.db);
    await selfcheckSipOperations.up(t.db);
    expect(await rows('F-1')).toEqual([expect.objectContaining({ type: 'RENEW', label: 'OTHER' })]);
    expect(await rows('F-2')).toEqual([]);
    expect(await rows('A-1')).toEqual([expect.objectContaining({ type: 'CHECKOUT', label: 'OTHER' })]);
  });
});
