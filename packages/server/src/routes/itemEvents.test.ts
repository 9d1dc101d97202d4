import { createTestApp, listQuery, type TestApp } from '../testing/testApp';

// Under a loaded machine (two cores shared by every build) the first calls can take seconds.
jest.setTimeout(30_000);

let t: TestApp;
let stores: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  // librarian holds BIB-001 and BIB-003, not BIB-002.
  stores = await t.storeIds(['BIB-001', 'BIB-002', 'BIB-003']);
  const event = (store: string, day: number, type: 'INVENTORY' | 'ALARM' | 'SIP_OPERATION', code: string, details: Record<string, unknown>) => ({
    store_id: stores[store],
    code,
    object_id: null,
    date: `2026-11-${String(day).padStart(2, '0')} 10:00:00`,
    type,
    inventory_id: null,
    inventory_group_id: null,
    details: JSON.stringify(details),
    search_text: code.toLowerCase(),
  });
  await t.db
    .insertInto('item_events')
    .values([
      event('BIB-001', 1, 'INVENTORY', 'BC001', { title: 'Dune' }),
      event('BIB-003', 5, 'ALARM', 'BC001', { alarmId: 12, title: 'Dune' }),
      event('BIB-001', 3, 'SIP_OPERATION', 'BC002', { sipOperationId: 4, status: 'SUCCESS' }),
      event('BIB-002', 9, 'ALARM', 'BC001', { alarmId: 13 }),
    ])
    .execute();
});
afterAll(() => t.close());

type User = 'admin' | 'manager' | 'librarian' | 'viewer' | 'supervisor';
const list = async (user: User, query = '') => t.call('GET', `/api/itemEvents${query}`, { user });
const days = (body: { items: { date: string }[] }) => body.items.map((i) => i.date.slice(8, 10));
const q = listQuery;

describe('item events', () => {
  it("lists the events of the libraries you hold, newest first, with the library's name and the details", async () => {
    const mine = (await list('librarian')).json();
    expect(days(mine)).toEqual(['05', '03', '01']);
    expect(mine.total).toBe(3);
    expect(mine.items[0]).toEqual({
      tid: expect.any(Number),
      storeId: stores['BIB-003'],
      storeName: 'Biblioteca Eugenio Trías',
      code: 'BC001',
      objectId: null,
      date: '2026-11-05 10:00:00',
      type: 'ALARM',
      inventoryId: null,
      inventoryGroupId: null,
      details: { alarmId: 12, title: 'Dune' },
    });
    expect(days((await list('admin')).json())).toEqual(['09', '05', '03', '01']);
    expect(days((await list('librarian', q({ order: 'date,asc' }))).json())).toEqual(['01', '03', '05']);
  });

  it('searches and counts within your libraries only', async () => {
    expect(days((await list('librarian', q({ searchTexts: { code: 'bc001' } }))).json())).toEqual(['05', '01']);
    expect(days((await list('librarian', q({ searchTexts: { storeName: 'trias' } }))).json())).toEqual(['05']);
    expect(days((await list('librarian', q({ searchTexts: { type: '/^(alarm|sip_operation)$/' } }))).json())).toEqual(['05', '03']);
    const count = async (user: User, query = '') => (await t.call('GET', `/api/itemEvents/numItemEvents${query}`, { user })).json();
    expect(await count('librarian')).toEqual({ numItemEvents: 3 });
    expect(await count('librarian', q({ searchTexts: { code: 'BC001' } }))).toEqual({ numItemEvents: 2 });
    expect(await count('admin', q({ searchTexts: { code: 'BC001' } }))).toEqual({ numItemEvents: 3 });
    // Another library's event never shows up, whatever the search.
    expect((await list('librarian', q({ searchTexts: { storeName: 'Rahola' } }))).json()).toEqual({ items: [], total: 0 });
    expect(await count('librarian', q({ searchTexts: { storeName: 'Rahola' } }))).toEqual({ numItemEvents: 0 });
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
    const res = await t.call('POST', '/api/itemEvents/export', {
      user: 'librarian',
      body: {
        format,
        columns: [
          { id: 'storeName', title: 'Library' },
          { id: 'date', title: 'Date' },
          { id: 'type', title: 'Type' },
          { id: 'code', title: 'Code' },
        ],
        searchTexts: { code: 'BC001' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('itemEvents.csv');
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Library;Date;Type;Code', 'Biblioteca Eugenio Trías;2026-11-05 10:00;ALARM;BC001', 'Biblioteca Sant Antoni;2026-11-01 10:00;INVENTORY;BC001']);
    const all = await t.call('GET', '/api/itemEvents/export', { user: 'librarian' });
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toContain('2026-11-09');
  });

  it('needs a token and the inventories permission; hostile parameters are 400', async () => {
    for (const path of ['/api/itemEvents', '/api/itemEvents/numItemEvents', '/api/itemEvents/export']) {
      expect((await t.call('GET', path)).statusCode).toBe(401);
      expect((await t.call('GET', path, { user: 'manager' })).statusCode).toBe(403); // manager lacks 'inventories'
    }
    expect((await t.call('POST', '/api/itemEvents/export', { user: 'manager', body: {} })).statusCode).toBe(403);
    for (const query of [
      q({ order: 'store_id;drop table users,asc' }),
      q({ searchTexts: { store_id: '1' } }),
      '?limit=100000',
      '?offset=-1',
      '?searchTexts=%7B',
      q({ searchTexts: { code: '/(a+)+$/' } }),
    ]) {
      const res = await list('librarian', query);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
    // The count reads only the search: a hostile one is refused there too.
    for (const query of [q({ searchTexts: { store_id: '1' } }), '?searchTexts=%7B', q({ searchTexts: { code: '/(a+)+$/' } })]) {
      const counted = await t.call('GET', `/api/itemEvents/numItemEvents${query}`, { user: 'librarian' });
      expect([query, counted.statusCode]).toEqual([query, 400]);
    }
    const bad = await t.call('POST', '/api/itemEvents/export', { user: 'librarian', body: { columns: [{ id: 'store_id', title: 'x' }] } });
    expect(bad.statusCode).toBe(400);
  });
});
