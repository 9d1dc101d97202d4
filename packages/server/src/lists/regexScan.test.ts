/**
 * Regular expressions without a fixed start or text read every row of the list; the widened first test
 * (./regexWiden: SQLite's search and count worker, PostgreSQL's CASE) decides most rows without folding them.
 * Through the API, on both databases: the rows (in order), pages and totals equal testing every folded value
 * in JavaScript, for a table of patterns over values mixing accents (precomposed and decomposed), case and
 * characters that fold to several; hostile patterns stay refused.
 */
import { sql } from 'kysely';
import { foldText } from '@portal/contract';
import { dialectOf } from '../db/connect';
import type { ListDefinition, Row } from './definition';
import { CATALOGUE_ITEMS_LIST } from './definitions';
import { selectColumns } from './engine';
import { regexPageInIdOrder } from './regexPage';
import { planSearch, probeIndex, whereSql } from './search';
import { addCatalogue } from './testing/helpers';
import { expectedCodes, randomValues, WIDEN_PATTERNS, WIDEN_VALUES } from './testing/regexCases';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(120_000);

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = [...WIDEN_VALUES, ...randomValues(300)].map((field1, i) => ({ code: `R${String(i).padStart(4, '0')}`, field1 }));

let t: TestApp;
let url: string;
let catalogueId: number;
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  catalogueId = await addCatalogue(t.db, store, 'Regex scan', ROWS);
  url = `/api/stores/${store}/catalogues/${catalogueId}/items`;
}, 120_000);
afterAll(() => t.close());

type Page = { items: { code: string; field1: string }[]; total: number };
async function search(pattern: string, extra = ''): Promise<Page> {
  const res = await t.call('GET', `${url}?limit=100${extra}&searchTexts=${encodeURIComponent(JSON.stringify({ field1: `/${pattern}/` }))}`, {
    user: 'librarian',
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
}

const expected = (pattern: string) => expectedCodes(t.db, catalogueId, ROWS, pattern);

async function regexQuery(pattern: string) {
  const dialect = dialectOf(t.db);
  const def = CATALOGUE_ITEMS_LIST as ListDefinition<unknown>;
  const listScope = { catalogue_id: catalogueId };
  const terms = planSearch(def, { field1: `/${pattern}/` });
  return { dialect, def, where: whereSql(dialect, def, listScope, terms, null), scope: whereSql(dialect, def, listScope, [], null) };
}

describe(`regular expressions without a fixed text (${postgres ? 'postgres' : 'sqlite'})`, () => {
  it.each(WIDEN_PATTERNS)('/%s/: rows, order, pages and total of testing every folded value', async (pattern) => {
    const want = await expected(pattern);
    const page = await search(pattern, '&count=skip');
    expect(page.items.map((i) => i.code)).toEqual(want.slice(0, 100));
    expect((await search(pattern, '&count=only')).total).toBe(want.length);
    const second = await search(pattern, '&offset=100');
    expect(second.items.map((i) => i.code)).toEqual(want.slice(100, 200));
    expect(second.total).toBe(want.length);
  });

  it.each([
    ['[xz]{3}', 1],
    ['a', 0],
    ['^\\d{4}[a-z]$', 0],
    ['o', 7],
    ['e', 150],
    ['zzzz', 0],
  ] as const)('the first page in id order of /%s/ from offset %i: first rows, then the matching ids (as the plain query)', async (pattern, offset) => {
    const { dialect, def, where, scope } = await regexQuery(pattern);
    for (const firstRows of [1, 40, 5000]) {
      for (const read of [1, 26]) {
        const q = { dialect, table: def.table, columns: selectColumns(def), scope, where, read, offset };
        const want = (await sql<Row>`select ${q.columns} from ${sql.table(q.table)} where ${where} order by id limit ${read} offset ${offset}`.execute(t.db))
          .rows;
        expect(await regexPageInIdOrder(t.db, { ...q, firstRows })).toEqual(want);
      }
    }
    expect(dialect).toBe(postgres ? 'postgres' : 'sqlite');
  });

  it('texts in alternations: the search asks the substring index (SQLite: the ids it found; PostgreSQL: LIKE … OR LIKE …)', async () => {
    const def = CATALOGUE_ITEMS_LIST as ListDefinition<unknown>;
    const [term] = await probeIndex(t.db, def, { catalogue_id: catalogueId }, planSearch(def, { field1: '/(ción|NIÑO)/' }));
    expect(term.alternatives?.texts).toEqual(['cion', 'nino']);
    if (!postgres) expect(term.alternatives?.ids?.length).toBe(ROWS.filter((r) => /cion|nino/.test(foldText([r.code, r.field1].join(' ')))).length);
    const where = whereSql(dialectOf(t.db), def, { catalogue_id: catalogueId }, [term], null);
    const compiled = sql`select 1 where ${where}`.compile(t.db);
    expect(compiled.sql).toMatch(postgres ? /like .* or .* like/ : /"id" in \(/);
  });

  it.each(['(a|aa)*b', '(x|z){3}', '\\bq\\w*z\\b', '(a+)+$', 'a{99}'])('/%s/ is still refused at once', async (pattern) => {
    const res = await t.call('GET', `${url}?limit=25&searchTexts=${encodeURIComponent(JSON.stringify({ field1: `/${pattern}/` }))}`, { user: 'librarian' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_REGEX' });
  });
});
