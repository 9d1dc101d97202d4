/**
 * One user cannot hold the server: per-user caps on uploads, imports and exports running
 * at once (429 TOO_MANY_CONCURRENT), a quota on waiting uploads (413 TEMP_QUOTA_EXCEEDED), and an export
 * whose reader stalls ends its database work (on PostgreSQL: no transaction left open).
 */
import { sql } from 'kysely';
import { multipart, addCatalogue } from './testing/helpers';
import { takeSlot, DEFAULT_SLOT_LIMITS } from './userSlots';
import { streamRows, ExportIdle } from './stream';
import { planSearch } from './search';
import { CATALOGUE_ITEMS_LIST } from './definitions';
import { dialectOf } from '../db/connect';
import { createTestApp, type TestApp } from '../testing/testApp';

// Server tests share a loaded 2-core machine: setting up the app on PostgreSQL alone can take seconds.
jest.setTimeout(30_000);

let t: TestApp;
let store: number;
let catalogueId: number;
beforeAll(async () => {
  t = await createTestApp({ lists: { tempQuotaFiles: 3, tempQuotaBytes: 1000 } });
  store = await t.storeId('BIB-001');
  catalogueId = await addCatalogue(
    t.db,
    store,
    'Limits',
    Array.from({ length: 50 }, (_, i) => ({ code: `L${i}` })),
  );
});
afterAll(() => t.close());

const upload = async (content: string, user: 'librarian' | 'manager' = 'librarian') => {
  const { payload, headers } = multipart('file', 'items.csv', content);
  return t.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await t.token(user) } });
};
const exportCall = () =>
  t.call('POST', `/api/stores/${store}/catalogues/${catalogueId}/export`, {
    user: 'librarian',
    body: { format: { fileType: 'csv' }, order: null, searchTexts: {} },
  });

describe('per-user caps on heavy operations', () => {
  it('answers 429 TOO_MANY_CONCURRENT to an export beyond the cap, for that user only, until one ends', async () => {
    const librarian = await t.userId('librarian');
    const held = Array.from({ length: DEFAULT_SLOT_LIMITS.export }, () => takeSlot(librarian, 'export', DEFAULT_SLOT_LIMITS));
    const refused = await exportCall();
    expect([refused.statusCode, refused.json().code, refused.json().details]).toEqual([429, 'TOO_MANY_CONCURRENT', { kind: 'export', limit: 2 }]);
    held.pop()!();
    expect((await exportCall()).statusCode).toBe(200);
    // The finished export gave its slot back.
    expect((await exportCall()).statusCode).toBe(200);
    held.forEach((release) => release());
  });

  it('caps uploads and imports the same way', async () => {
    const librarian = await t.userId('librarian');
    const uploads = Array.from({ length: DEFAULT_SLOT_LIMITS.upload }, () => takeSlot(librarian, 'upload', DEFAULT_SLOT_LIMITS));
    expect((await upload('code\n1\n')).json().code).toBe('TOO_MANY_CONCURRENT');
    expect((await upload('code\n1\n', 'manager')).statusCode).toBe(200);
    uploads.forEach((release) => release());
    const { file } = (await upload('code\n1\n')).json();
    const imports = Array.from({ length: DEFAULT_SLOT_LIMITS.import }, () => takeSlot(librarian, 'import', DEFAULT_SLOT_LIMITS));
    const body = { fileName: file, fields: [{ code: 0 }], sheetIndex: null };
    const url = `/api/stores/${store}/catalogues/${catalogueId}/import`;
    expect((await t.call('POST', url, { user: 'librarian', body })).statusCode).toBe(429);
    // Sync and Add Items To share the import cap.
    const syncing = (
      await t.call('POST', `/api/stores/${store}/catalogues`, { user: 'librarian', body: { name: 'Synced', syncURL: 'https://example.com/items.csv' } })
    ).json().tid;
    const sync = await t.call('GET', `/api/stores/${store}/catalogues/${syncing}/sync`, { user: 'librarian' });
    expect([sync.statusCode, sync.json().code]).toEqual([429, 'TOO_MANY_CONCURRENT']);
    const addTo = await t.call('POST', `/api/stores/${store}/catalogues/${syncing}/items/catalogue`, {
      user: 'librarian',
      body: { parentId: catalogueId, itemIds: [] },
    });
    expect([addTo.statusCode, addTo.json().code]).toEqual([429, 'TOO_MANY_CONCURRENT']);
    imports.forEach((release) => release());
    expect((await t.call('POST', url, { user: 'librarian', body })).statusCode).toBe(200);
    const added = await t.call('POST', `/api/stores/${store}/catalogues/${syncing}/items/catalogue`, {
      user: 'librarian',
      body: { parentId: catalogueId, itemIds: [] },
    });
    expect(added.json()).toMatchObject({ numItemsInserted: 51 });
  });
});

describe('temporary-file quota', () => {
  it('refuses uploads past the files or bytes a user may keep waiting, and takes them again once some are gone', async () => {
    const t2 = await createTestApp({ lists: { tempQuotaFiles: 2, tempQuotaBytes: 100 } });
    try {
      const up = async (content: string) => {
        const { payload, headers } = multipart('file', 'items.csv', content);
        return t2.app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await t2.token('librarian') } });
      };
      const first = (await up(`code\n${'1'.repeat(60)}\n`)).json();
      const over = await up(`code\n${'2'.repeat(60)}\n`);
      expect([over.statusCode, over.json().code]).toEqual([413, 'TEMP_QUOTA_EXCEEDED']);
      expect((await up('code\n3\n')).statusCode).toBe(200);
      expect((await up('code\n4\n')).json().code).toBe('TEMP_QUOTA_EXCEEDED');
      await t2.call('POST', '/api/misc/deleteFile', { user: 'librarian', body: { fileName: first.file } });
      expect((await up('code\n5\n')).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe(`export reader that stalls (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('ends the stream with ExportIdle and leaves no transaction open', async () => {
    const terms = planSearch(CATALOGUE_ITEMS_LIST, {});
    const stream = streamRows(t.db, { def: CATALOGUE_ITEMS_LIST, scope: { catalogue_id: catalogueId }, terms, batchSize: 10, idleMs: 300 });
    expect((await stream.next()).value).toHaveLength(10);
    await new Promise((resolve) => setTimeout(resolve, 700));
    if (dialectOf(t.db) === 'postgres') {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(t.db);
      expect(rows[0].n).toBe(0);
    }
    await expect(stream.next()).rejects.toBeInstanceOf(ExportIdle);
  });
});
