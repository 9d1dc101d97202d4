import ExcelJS from 'exceljs';
import { EXPORT_VALUES_MAX } from '@portal/contract';
import type { SipStatus, SipType } from '../db/schema';
import { createTestApp, listQuery, type TestApp } from '../testing/testApp';

// Under a loaded machine (two cores shared by every build) the first calls can take seconds.
jest.setTimeout(30_000);

let t: TestApp;
let stores: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  stores = await t.storeIds(['BIB-001', 'BIB-002', 'BIB-003']);
  const op = (store: string, day: number, type: SipType, status: SipStatus, error = '', item = `IT-${store}-${day}`) => ({
    store_id: stores[store],
    origin: 'Autopréstamo 1',
    type,
    offline: day === 3 ? (1 as const) : (0 as const),
    patron_identifier: `P${day}`,
    item_identifier: item,
    title_identifier: `Título ${day}`,
    transaction_date: `2026-11-${String(day).padStart(2, '0')} 10:00:00`,
    due_date: type === 'CHECKOUT' ? `2026-12-${String(day).padStart(2, '0')} 23:59:59` : null,
    execution_date: null,
    status,
    error,
  });
  await t.db
    .insertInto('sip_operations')
    .values([
      op('BIB-001', 1, 'CHECKOUT', 'SUCCESS'),
      op('BIB-002', 5, 'CHECKIN', 'ERROR', 'Ejemplar no encontrado'),
      op('BIB-001', 3, 'RENEW', 'WARNING', 'Renovación limitada a 7 días'),
      op('BIB-003', 9, 'CHECKOUT', 'ERROR', 'Usuario bloqueado'),
      op('BIB-001', 7, 'CHECKIN_PENDING', 'PENDING'),
    ])
    .execute();
  // manager holds BIB-001 and BIB-002; give them the SelfChecks permission.
  await t.db
    .updateTable('users')
    .set({ permissions: JSON.stringify(['manager', 'imagesets']) })
    .where('user_name', '=', 'manager')
    .execute();
});
afterAll(() => t.close());

const list = async (user: 'admin' | 'manager' | 'supervisor', query = '') => t.call('GET', `/api/sipOperations${query}`, { user });
const dates = (body: { items: { transactionDate: string }[] }) => body.items.map((i) => i.transactionDate.slice(8, 10));
const q = listQuery;

describe('SIP operations', () => {
  it('lists the libraries you hold, transaction date newest first by default', async () => {
    const mine = (await list('manager')).json();
    expect(mine.total).toBe(4);
    expect(dates(mine)).toEqual(['07', '05', '03', '01']);
    expect(mine.items[1]).toEqual({
      tid: expect.any(Number),
      storeId: stores['BIB-002'],
      store: { name: 'Biblioteca Carles Rahola' },
      origin: 'Autopréstamo 1',
      type: 'CHECKIN',
      offline: false,
      patronIdentifier: 'P5',
      itemIdentifier: 'IT-BIB-002-5',
      titleIdentifier: 'Título 5',
      transactionDate: '2026-11-05 10:00:00',
      dueDate: null,
      executionDate: null,
      status: 'ERROR',
      error: 'Ejemplar no encontrado',
    });
    expect(dates((await list('admin')).json())).toEqual(['09', '07', '05', '03', '01']);
    expect(dates((await list('manager', q({ order: 'transactionDate,asc' }))).json())).toEqual(['01', '03', '05', '07']);
    expect(dates((await list('manager', q({ order: 'store.name,desc' }))).json())).toEqual(['07', '03', '01', '05']);
  });

  it('searches any column, store name and message included, ignoring case and accents', async () => {
    expect(dates((await list('manager', q({ searchTexts: { status: 'error' } }))).json())).toEqual(['05']);
    expect(dates((await list('admin', q({ searchTexts: { status: 'ERROR' } }))).json())).toEqual(['09', '05']);
    expect(dates((await list('manager', q({ searchTexts: { 'store.name': 'rahola' } }))).json())).toEqual(['05']);
    expect(dates((await list('manager', q({ searchTexts: { error: 'RENOVACION' } }))).json())).toEqual(['03']);
    expect(dates((await list('manager', q({ searchTexts: { type: '/^check(in|out)$/' } }))).json())).toEqual(['05', '01']);
    expect(dates((await list('manager', q({ searchTexts: { offline: 'yes' } }))).json())).toEqual(['03']);
    // Another library's rows never show up, whatever the search.
    expect((await list('manager', q({ searchTexts: { itemIdentifier: 'BIB-003' } }))).json()).toEqual({ items: [], total: 0 });
  });

  it('exports the search in order as csv, read back', async () => {
    const format = {
      fileType: 'csv',
      firstRowHeader: true,
      dateFormat: 'YYYY-MM-DD HH:mm',
      codePrefix: '',
      codeSuffix: '',
      separator: 'semicolon',
      otherSeparator: '',
    };
    const res = await t.call('POST', '/api/sipOperations/export', {
      user: 'manager',
      body: {
        format,
        columns: [
          { id: 'store.name', title: 'Library' },
          { id: 'transactionDate', title: 'Date' },
          { id: 'status', title: 'Status' },
          { id: 'error', title: 'Message' },
        ],
        searchTexts: { status: '/^(error|warning)$/' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('sipOperations.csv');
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'Library;Date;Status;Message',
      'Biblioteca Carles Rahola;2026-11-05 10:00;ERROR;Ejemplar no encontrado',
      'Biblioteca Sant Antoni;2026-11-03 10:00;WARNING;Renovación limitada a 7 días',
    ]);
    const all = await t.call('GET', '/api/sipOperations/export', { user: 'admin' });
    expect(all.statusCode).toBe(200);
    const lines = all.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('2026-11-09');
  });

  it('writes the labels the screen shows for the values given, in csv and xlsx; other values as they are', async () => {
    const columns = [
      { id: 'type', title: 'Tipo', values: { CHECKOUT: 'Préstamo', CHECKIN: 'Devolución', RENEW: 'Renovación' } },
      { id: 'status', title: 'Estado', values: { ERROR: 'Error', SUCCESS: '=Correcto' } },
      { id: 'offline', title: 'Sin conexión', values: { true: 'Sí', false: 'No' } },
      { id: 'itemIdentifier', title: 'Ejemplar' },
    ];
    const exported = async (fileType: 'csv' | 'xlsx') => {
      const res = await t.call('POST', '/api/sipOperations/export', {
        user: 'manager',
        body: { format: { fileType, firstRowHeader: true, separator: 'semicolon' }, columns, order: ['transactionDate', 'asc'] },
      });
      expect(res.statusCode).toBe(200);
      if (fileType === 'csv')
        return res.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n')
          .map((line) => line.split(';'));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1).map(String));
    };
    const expected = [
      ['Tipo', 'Estado', 'Sin conexión', 'Ejemplar'],
      ['Préstamo', "'=Correcto", 'No', 'IT-BIB-001-1'],
      ['Renovación', 'WARNING', 'Sí', 'IT-BIB-001-3'],
      ['Devolución', 'Error', 'No', 'IT-BIB-002-5'],
      ['CHECKIN_PENDING', 'PENDING', 'No', 'IT-BIB-001-7'],
    ];
    expect(await exported('csv')).toEqual(expected);
    expect(await exported('xlsx')).toEqual(expected);
  });

  it('refuses too many or too long value labels with 400', async () => {
    const many = Object.fromEntries(Array.from({ length: EXPORT_VALUES_MAX + 1 }, (_, i) => [`V${i}`, 'x']));
    for (const [i, values] of [many, { ['K'.repeat(101)]: 'x' }, { CHECKIN: 'x'.repeat(201) }, { CHECKIN: ['x'] }].entries()) {
      const res = await t.call('POST', '/api/sipOperations/export', { user: 'manager', body: { columns: [{ id: 'type', title: 'Tipo', values }] } });
      expect([i, res.statusCode]).toEqual([i, 400]);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('needs a token and the imagesets permission; hostile parameters are 400', async () => {
    expect((await t.call('GET', '/api/sipOperations')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/sipOperations/export')).statusCode).toBe(401);
    for (const user of ['librarian', 'viewer'] as const) {
      expect((await t.call('GET', '/api/sipOperations', { user })).statusCode).toBe(403);
      expect((await t.call('POST', '/api/sipOperations/export', { user, body: {} })).statusCode).toBe(403);
    }
    for (const query of [
      q({ order: 'store_id;drop table users,asc' }),
      q({ searchTexts: { store_id: '1' } }),
      '?limit=100000',
      '?offset=-1',
      '?searchTexts=%7B',
      q({ searchTexts: { type: '/(a+)+$/' } }),
    ]) {
      const res = await list('manager', query);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
    const bad = await t.call('POST', '/api/sipOperations/export', { user: 'manager', body: { columns: [{ id: 'store_id', title: 'x' }] } });
    expect(bad.statusCode).toBe(400);
  });
});
