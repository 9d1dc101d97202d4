/**
 * Reading an .xls or .ods (POST /api/misc/readFile, and the import that follows) takes a workbook parse slot:
 * one user runs one parse at a time and keeps a few waiting (then 429 TOO_MANY_CONCURRENT), the process runs as
 * many as its memory budget allows, another user is served meanwhile, and a small workbook does not wait behind
 * large ones. Real workbooks written by SheetJS.
 */
import * as XLSX from '@e965/xlsx';
import { legacyParses, LEGACY_PARSE_LIMITS } from '../lists/files/legacySheets';
import { uploadAs } from '../lists/testing/helpers';
import { odsWorkbook } from '../lists/testing/zip';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function workbook(bookType: 'ods' | 'biff8', rows: number): Buffer {
  const data = [['code', 'title'], ...Array.from({ length: rows }, (_, i) => [`C${i}`, `Title ${i}`])];
  if (bookType === 'ods') return odsWorkbook(data);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Items');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/** Resolves once `check` holds, checked on every turn of the event loop (no fixed sleeps). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

const read = (user: 'librarian' | 'manager', fileName: string) => t.call('POST', '/api/misc/readFile', { user, body: { fileName } });

describe('workbook parse slots', () => {
  it('one user: one parse at a time, a few waiting, then 429; another user is read meanwhile', async () => {
    const librarian = await t.userId('librarian');
    const ods = await uploadAs(t, 'librarian', 'items.ods', workbook('ods', 30));
    const xls = await uploadAs(t, 'manager', 'items.xls', workbook('biff8', 20));
    const held = await legacyParses.small.acquire(librarian);
    const waiting = Array.from({ length: LEGACY_PARSE_LIMITS.perUserQueued }, () => read('librarian', ods));
    await until(() => legacyParses.small.stats.waiting === LEGACY_PARSE_LIMITS.perUserQueued);
    const refused = await read('librarian', ods);
    expect([refused.statusCode, refused.json().code, refused.json().details]).toEqual([
      429,
      'TOO_MANY_CONCURRENT',
      { kind: 'workbook read', limit: 1 + LEGACY_PARSE_LIMITS.perUserQueued },
    ]);
    // The process has a slot left: another user's workbook is read while the librarian's wait.
    const other = await read('manager', xls);
    expect([other.statusCode, other.json()[0].totalItems]).toEqual([200, 20]);
    expect(legacyParses.small.stats.waiting).toBe(LEGACY_PARSE_LIMITS.perUserQueued);
    held();
    for (const res of await Promise.all(waiting)) expect([res.statusCode, res.json()[0].totalItems]).toEqual([200, 30]);
    expect(legacyParses.small.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('the process: with every slot taken a read waits (a csv does not) and runs once one is freed', async () => {
    const { slots } = LEGACY_PARSE_LIMITS.small;
    const held = await Promise.all(Array.from({ length: slots }, (_, i) => legacyParses.small.acquire(`other-${i}`)));
    const ods = await uploadAs(t, 'librarian', 'items.ods', workbook('ods', 12));
    const csv = await uploadAs(t, 'manager', 'items.csv', 'code\nA\nB\n');
    let answered = false;
    const reading = read('librarian', ods).then((res) => {
      answered = true;
      return res;
    });
    await until(() => legacyParses.small.stats.waiting === 1);
    expect((await read('manager', csv)).json()[0].totalItems).toBe(2);
    expect(answered).toBe(false);
    held[0]();
    expect((await reading).json()[0].totalItems).toBe(12);
    held.slice(1).forEach((release) => release());
  });

  it('a large workbook takes a large slot: while it waits for one, a small workbook is read', async () => {
    const { smallFileBytes } = LEGACY_PARSE_LIMITS;
    const bigOds = workbook('ods', 300);
    LEGACY_PARSE_LIMITS.smallFileBytes = bigOds.length - 1;
    try {
      const big = await uploadAs(t, 'librarian', 'big.ods', bigOds);
      const small = await uploadAs(t, 'manager', 'small.xls', workbook('biff8', 3));
      const held = await legacyParses.large.acquire('someone else');
      let answered = false;
      const reading = read('librarian', big).then((res) => {
        answered = true;
        return res;
      });
      await until(() => legacyParses.large.stats.waiting === 1);
      expect((await read('manager', small)).json()[0].totalItems).toBe(3);
      expect(answered).toBe(false);
      held();
      expect((await reading).json()[0].totalItems).toBe(300);
    } finally {
      LEGACY_PARSE_LIMITS.smallFileBytes = smallFileBytes;
    }
  });

  it('an import of a workbook takes the same slots', async () => {
    const librarian = await t.userId('librarian');
    const store = await t.storeId('BIB-001');
    const ods = await uploadAs(t, 'librarian', 'items.ods', workbook('ods', 5));
    const catalogue = (await t.call('POST', `/api/stores/${store}/catalogues`, { user: 'librarian', body: { name: 'From ods' } })).json().tid;
    const held = await legacyParses.small.acquire(librarian);
    const granted = legacyParses.small.granted;
    let answered = false;
    const importing = t
      .call('POST', `/api/stores/${store}/catalogues/${catalogue}/import`, {
        user: 'librarian',
        body: { fileName: ods, sheetIndex: null, fields: [{ code: 0 }] },
      })
      .then((res) => {
        answered = true;
        return res;
      });
    await until(() => legacyParses.small.stats.waiting === 1);
    expect(answered).toBe(false);
    held();
    expect((await importing).json()).toMatchObject({ numItemsInserted: 5 });
    expect(legacyParses.small.granted).toBe(granted + 1);
  });
});
