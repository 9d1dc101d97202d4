/**
 * csv/txt exports through COPY on PostgreSQL (./postgresCopy) write the bytes of the cell rules (exportCell,
 * then delimitedField) for every separator COPY takes, code prefix/suffix, dates in any dateFormat, integers,
 * booleans, formula starts, quotes, CR/LF, searches holding quotes, backslashes and `$1`, order with a search;
 * regular expressions, one column and separators COPY cannot take go the cursor path with the same bytes. On
 * SQLite the same expectations hold for its own paths. PostgreSQL only: a closed or idle export drops its
 * connection at once, and the next export runs.
 */
import { sql } from 'kysely';
import type { ExportFormat } from '@portal/contract';
import { postgresPool } from '../../db/postgresPool';
import type { Deps } from '../../services/context';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { CATALOGUE_ITEMS_LIST, CATALOGUES_LIST } from '../definitions';
import { addCatalogue } from '../testing/helpers';
import { exportList } from './export';
import { BASE_FORMAT as base, EXPORT_USER, expectedFile, expectedItems, exportText, ITEM_COLUMNS, ITEMS, type ExportRun } from './exportFixture';
import { copyPathRuns } from './postgresCopy';

jest.setTimeout(90_000);

const postgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;
let catalogueId: number;
let storeId: number;
let deps: Deps;

const LAST_SYNCS = [
  '2024-03-05 07:08:09',
  '2024-12-31T23:59:58.5Z',
  '2024-01-01T12:00:00+02:00',
  '2024-06-30',
  '2024-06-30 00:00',
  '2024-06-30T05:06:07.123+0530',
  'not a date',
  '',
  null,
  '2024-13-99 25:61:61',
  '0099-01-02T13:04:05.06-0800',
];

beforeAll(async () => {
  t = await createTestApp();
  catalogueId = await addCatalogue(t.db, await t.storeId('BIB-001'), 'Lines', ITEMS);
  storeId = await t.storeId('BIB-002');
  await t.db.deleteFrom('catalogues').where('store_id', '=', storeId).execute();
  const names = ['Plain', '=Formula', 'Noon "quoted"', 'two\nlines', '-minus', 'semi;colon', 'tab\tin', '@at', 'ñandú, 北京', 'x', "it's"];
  await t.db
    .insertInto('catalogues')
    .values(
      LAST_SYNCS.map((lastSync, i) => ({
        store_id: storeId,
        name: names[i],
        sync_url: i % 3 ? `https://example.org/${i},a` : null,
        auto_sync: (i % 2) as 0 | 1,
        last_sync: lastSync,
        created_at: '2024-01-01T00:00:00Z',
      })),
    )
    .execute();
  deps = { db: t.db, config: t.config } as unknown as Deps;
});
afterAll(() => t.close());

const runItems = (format: ExportFormat, extra: ExportRun = {}) => exportText(deps, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, format, extra);

/** Runs `work` and tells how many exports took COPY meanwhile. */
async function copies<R>(work: () => Promise<R>): Promise<[R, number]> {
  const before = copyPathRuns.started;
  const result = await work();
  return [result, copyPathRuns.started - before];
}

describe(`csv and txt exports through COPY (${postgres ? 'postgres' : 'sqlite'})`, () => {
  it.each([
    ['comma, header, csv', {}, true],
    ['semicolon, txt, no header', { fileType: 'txt', separator: 'semicolon', firstRowHeader: false }, true],
    ['tabulator', { separator: 'tabulator' }, true],
    ['pipe', { fileType: 'txt', separator: 'other', otherSeparator: '|' }, true],
    ['backslash', { separator: 'other', otherSeparator: '\\' }, true],
    ['space', { separator: 'other', otherSeparator: ' ' }, true],
    ['a letter', { separator: 'other', otherSeparator: 'a' }, true],
    ['code prefix and suffix with a formula start, quote and backslash', { codePrefix: '=["', codeSuffix: '\\]' }, true],
    ['code suffix only, comma in it', { codeSuffix: ',x' }, true],
    ['two-character separator (cursor path)', { separator: 'other', otherSeparator: '||' }, false],
    ['non-ASCII separator (cursor path)', { separator: 'other', otherSeparator: '¦' }, false],
    ['quote as separator (cursor path)', { separator: 'other', otherSeparator: '"' }, false],
  ])('writes the bytes of the cell rules: %s', async (_name, change, copied) => {
    const format = { ...base, ...change } as ExportFormat;
    const [text, n] = await copies(() => runItems(format));
    expect(text).toBe(expectedItems(CATALOGUE_ITEMS_LIST, format, ITEMS));
    expect(n).toBe(postgres && copied ? 1 : 0);
  });

  it('writes the same bytes through the cursor when asked not to COPY (copy: false)', async () => {
    const [text, n] = await copies(() => runItems(base, { copy: false }));
    expect(text).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, ITEMS));
    expect(n).toBe(0);
  });

  it.each(['YYYY-MM-DD', '', 'DD/MM/YYYY HH:mm:ss', 'D.M.YY h:m:s a A SSS', "[it's] YYYY [at] HH\\mm", '=YYYY', 'MMMM Do', '[$1] H'])(
    'writes integers, booleans and dates in the format %p as the cell rules do',
    async (dateFormat) => {
      const format = { ...base, dateFormat } as ExportFormat;
      const columns = ['tid', 'name', 'syncURL', 'autoSync', 'lastSync'];
      const { rows } = await sql<{
        id: number;
        name: string;
        sync_url: string | null;
        auto_sync: number;
        last_sync: string | null;
      }>`select id, name, sync_url, auto_sync, last_sync from catalogues where store_id = ${storeId} order by id`.execute(t.db);
      expect(rows).toHaveLength(LAST_SYNCS.length);
      const [text, n] = await copies(() => exportText(deps, CATALOGUES_LIST, { store_id: storeId }, format, { columns }));
      expect(text).toBe(
        expectedFile(
          format,
          columns.map((id) => [id, CATALOGUES_LIST.columns[id]]),
          rows.map((r) => [r.id, r.name, r.sync_url, r.auto_sync, r.last_sync]),
        ),
      );
      expect(n).toBe(postgres ? 1 : 0);
    },
  );

  it('keeps the order with a search, and searches holding a quote, a backslash and $1', async () => {
    const found = ITEMS.filter((i) => (i.field2 ?? '').includes('Autor')).sort((a, b) => (a.code! < b.code! ? 1 : -1));
    expect(found.length).toBeGreaterThan(20);
    const [ordered, n] = await copies(() => runItems(base, { order: ['code', 'desc'], searchTexts: { field2: 'autor' } }));
    expect(ordered).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, found));
    expect(n).toBe(postgres ? 1 : 0);
    const hostile = ITEMS.filter((i) => i.code === '010');
    expect(await runItems(base, { searchTexts: { field1: "it's \\ back$1" } })).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, hostile));
    expect(await runItems(base, { searchTexts: { field1: "'); drop table catalogue_items; --" } })).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, []));
  });

  it('sends regular expressions and one-column exports the cursor path, with the same bytes', async () => {
    const titles = ITEMS.filter((i) => /^t[ií]tulo 1/i.test(i.field1 ?? ''));
    expect(titles.length).toBeGreaterThan(5);
    const [text, n] = await copies(() => runItems(base, { searchTexts: { field1: '/^t[ií]tulo 1/' } }));
    expect(text).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, titles));
    const [single, m] = await copies(() => runItems(base, { columns: ['field2'] }));
    expect(single).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, ITEMS, ['field2']));
    expect(n + m).toBe(0);
  });
});

(postgres ? describe : describe.skip)('the COPY connection (postgres)', () => {
  let bigId: number;
  const checkedOut = () => {
    const pool = postgresPool(t.db)!;
    return pool.totalCount - pool.idleCount;
  };
  /** Whether the export's COPY backend reaches `state` (and `waitEvent`), polled for up to 5 s. */
  async function copyBackendIn(state: string, waitEvent: string): Promise<boolean> {
    for (const end = Date.now() + 5_000; Date.now() < end;) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'copy (select%' and pid <> pg_backend_pid() and state = ${state} and wait_event = ${waitEvent}`.execute(
        t.db,
      );
      if (rows[0].n === 1) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }
  /** Backends of this database still running a COPY, polled until none (a loose bound: the machine may be loaded). */
  async function copyBackendsGone(): Promise<boolean> {
    for (const end = Date.now() + 20_000; Date.now() < end;) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'copy (select%' and pid <> pg_backend_pid()`.execute(
        t.db,
      );
      if (rows[0].n === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }
  const open = (idleMs?: number) =>
    exportList(
      idleMs ? ({ ...deps, config: { ...t.config, lists: { ...t.config.lists, exportIdleMs: idleMs } } } as Deps) : deps,
      EXPORT_USER,
      CATALOGUE_ITEMS_LIST,
      { catalogue_id: bigId },
      {
        format: base,
        columns: ['code', 'field1', 'field2'].map((id) => ({ id, title: id })),
        order: null,
        searchTexts: {},
      },
      { maxXlsRows: 1_048_576, baseName: 'big' },
    );

  beforeAll(async () => {
    bigId = await addCatalogue(t.db, await t.storeId('BIB-001'), 'Big', []);
    // ~55 MB of csv: more than the loopback socket buffers hold while nobody reads (Linux grows a receive
    // buffer up to tcp_rmem's maximum, 32 MB here; with 6 MB the whole COPY sometimes finished unread).
    await sql`insert into catalogue_items (catalogue_id, store_id, code, field1, field2, search_text, created_at)
      select ${bigId}, store_id, 'C' || g, repeat('title ', 150) || g, 'author ' || g, 'c' || g, created_at
      from catalogues, generate_series(1, 60000) g where id = ${bigId}`.execute(t.db);
  });

  it('drops the connection at once when the reader closes the file, and the next export runs', async () => {
    const file = await open();
    const closed = new Promise((resolve) => {
      file.stream.once('close', resolve);
    });
    await new Promise((resolve) => {
      file.stream.once('readable', resolve);
    });
    expect(file.stream.read()).not.toBeNull();
    expect(copyPathRuns.holding).toBe(1);
    expect(checkedOut()).toBe(1);
    file.stream.destroy();
    await closed;
    expect(copyPathRuns.holding).toBe(0);
    expect(checkedOut()).toBe(0);
    expect(await copyBackendsGone()).toBe(true);
    expect(await runItems(base)).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, ITEMS));
  });

  it('fails the export, without ending the process, when its connection is lost mid-COPY', async () => {
    const file = await open();
    const failed = new Promise<Error>((resolve) => {
      file.stream.once('error', resolve);
    });
    await new Promise((resolve) => {
      file.stream.once('readable', resolve);
    });
    expect(file.stream.read()).not.toBeNull();
    // Lost while the database still writes the rows (a COPY it had finished is the next test's case).
    expect(await copyBackendIn('active', 'ClientWrite')).toBe(true);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'copy (select%' and pid <> pg_backend_pid()`.execute(
      t.db,
    );
    file.stream.resume();
    expect((await failed).message).toMatch(/terminat/i);
    expect(copyPathRuns.holding).toBe(0);
    expect(checkedOut()).toBe(0);
    expect(await runItems(base)).toBe(expectedItems(CATALOGUE_ITEMS_LIST, base, ITEMS));
  });

  it('completes the file when the connection is lost after the COPY, before its commit', async () => {
    const file = await exportList(
      deps,
      EXPORT_USER,
      CATALOGUE_ITEMS_LIST,
      { catalogue_id: catalogueId },
      {
        format: base,
        columns: ITEM_COLUMNS.map((id) => ({ id, title: `T ${id}` })),
        order: null,
        searchTexts: {},
      },
      { maxXlsRows: 1_048_576, baseName: 'lines' },
    );
    expect(await copyBackendIn('idle in transaction', 'ClientRead')).toBe(true);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'copy (select%' and pid <> pg_backend_pid()`.execute(
      t.db,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(await runItems(base));
    expect(copyPathRuns.holding).toBe(0);
    expect(checkedOut()).toBe(0);
  });

  it('drops the connection when the reader takes nothing for the idle time, and tells the reader', async () => {
    const file = await open(300);
    const failed = new Promise<Error>((resolve) => {
      file.stream.once('error', resolve);
    });
    await new Promise((resolve) => {
      file.stream.once('readable', resolve);
    });
    expect(file.stream.read()).not.toBeNull();
    // Nothing read: the export's buffers fill and it waits; after 300 ms the connection is dropped.
    for (const end = Date.now() + 20_000; copyPathRuns.holding > 0 && Date.now() < end;) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(copyPathRuns.holding).toBe(0);
    expect(await copyBackendsGone()).toBe(true);
    file.stream.resume();
    expect((await failed).message).toMatch(/took nothing/);
  });
});
