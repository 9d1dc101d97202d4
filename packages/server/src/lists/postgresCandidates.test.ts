/**
 * PostgreSQL: a plain search whose text few rows hold, none among the list's first rows, reads those rows by id
 * (whatever the planner's statistics say); a text common among the first rows is left to the planner; the
 * page is the same either way. The probes below get a generous budget: on a loaded machine the default one may
 * run out, which only leaves the page to the planner.
 */
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/testApp';
import { CATALOGUE_ITEMS_LIST } from './definitions';
import type { ListDefinition } from './definition';
import { listPage } from './engine';
import { DENSE, FIRST_ROWS, PG_CANDIDATE_LIMIT, postgresCandidates } from './postgresCandidates';
import { CANDIDATE_LIMIT, planSearch } from './search';
import { addCatalogue } from './testing/helpers';

jest.setTimeout(90_000);

const postgres = !!process.env.TEST_DATABASE_URL;
const def = CATALOGUE_ITEMS_LIST as ListDefinition<unknown>;
let t: TestApp;
let catalogueId: number;
const ROWS = FIRST_ROWS + CANDIDATE_LIMIT + 500;
/** Rows after this one hold "yy4" (more rows than SQLite's CANDIDATE_LIMIT), the last 30 "zz7". */
const YY4_AFTER = FIRST_ROWS + 100;

beforeAll(async () => {
  if (!postgres) return;
  t = await createTestApp();
  catalogueId = await addCatalogue(t.db, await t.storeId('BIB-001'), 'Rows', []);
  // Codes follow ids; every row holds "libro", the last 30 rows hold "zz7", those before them from YY4_AFTER "yy4".
  const code = sql`case when g > ${ROWS - 30} then 'zz7' || g when g > ${YY4_AFTER} then 'yy4' || g else 'c' || g end`;
  await sql`insert into catalogue_items (catalogue_id, store_id, code, field1, search_text, created_at)
    select ${catalogueId}, store_id, ${code}, 'libro ' || g, ${code} || ' libro ' || g, created_at
    from catalogues, generate_series(1, ${ROWS}) g where id = ${catalogueId}`.execute(t.db);
});
afterAll(() => t?.close());

(postgres ? describe : describe.skip)('PostgreSQL candidates of a plain search', () => {
  const scope = () => ({ catalogue_id: catalogueId });
  const term = (searchTexts: Record<string, string>) => planSearch(def, searchTexts)[0];

  it('reads the few rows holding a text absent from the first rows by id', async () => {
    const found = await postgresCandidates(t.db, def, scope(), term({ code: 'ZZ7' }), 60_000);
    expect(found.candidates).toHaveLength(30);
    const page = await listPage(t.db, def, scope(), { offset: 0, limit: 25, count: 'skip', searchTexts: { code: 'zz7' } });
    expect(page.items.map((i) => (i as { code: string }).code)).toEqual(Array.from({ length: 25 }, (_, i) => `zz7${ROWS - 29 + i}`));
  });

  it('reads by id the rows of a text more rows hold than SQLite probes, up to PG_CANDIDATE_LIMIT', async () => {
    const held = ROWS - 30 - YY4_AFTER;
    expect(held).toBeGreaterThan(CANDIDATE_LIMIT);
    expect(held).toBeLessThanOrEqual(PG_CANDIDATE_LIMIT);
    const found = await postgresCandidates(t.db, def, scope(), term({ code: 'yy4' }), 60_000);
    expect(found.candidates).toHaveLength(held);
    const page = await listPage(t.db, def, scope(), { offset: 0, limit: 25, count: 'skip', searchTexts: { code: 'YY4' } });
    expect(page.items.map((i) => (i as { code: string }).code)).toEqual(Array.from({ length: 25 }, (_, i) => `yy4${YY4_AFTER + 1 + i}`));
  });

  it('leaves a text common among the first rows to the planner', async () => {
    expect(DENSE).toBeLessThan(FIRST_ROWS);
    const found = await postgresCandidates(t.db, def, scope(), term({ field1: 'libro' }));
    expect(found.candidates).toBeUndefined();
    const page = await listPage(t.db, def, scope(), { offset: 0, limit: 25, count: 'skip', searchTexts: { field1: 'libro' } });
    expect(page.items).toHaveLength(25);
  });

  it('asks nothing for a short text or a small list', async () => {
    expect((await postgresCandidates(t.db, def, scope(), term({ code: 'zz' }))).candidates).toBeUndefined();
    const small = await addCatalogue(t.db, await t.storeId('BIB-001'), 'Small', [{ code: 'zz700' }]);
    expect((await postgresCandidates(t.db, def, { catalogue_id: small }, term({ code: 'zz7' }))).candidates).toBeUndefined();
  });
});
