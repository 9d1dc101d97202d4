/**
 * Exact counts (count=only, and the total of a page asked with it) on a SQLite file run in the count
 * worker, on its own thread and read-only connection, so a count of a million rows holds neither the
 * event loop nor the regular-expression searches; the totals are the same on both databases.
 */
import { addCatalogue } from './testing/helpers';
import { laneQueries } from './searchWorker';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const WORDS = ['Él', 'elefante', 'CANCIÓN', 'niño', 'Lección', 'mar', 'Ël', 'papel'];

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const store = await t.storeId('BIB-001');
  const rows = Array.from({ length: 600 }, (_, i) => ({
    code: `C${i}`,
    field1: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`,
    field2: i % 3 ? 'Pérez' : 'x',
  }));
  url = `/api/stores/${store}/catalogues/${await addCatalogue(t.db, store, 'Counts', rows)}/items`;
}, 30_000);
afterAll(() => t.close());

const list = (searchTexts: Record<string, string>, extra = '') =>
  t.call('GET', `${url}?searchTexts=${encodeURIComponent(JSON.stringify(searchTexts))}${extra}`, { user: 'librarian' });

/** What the spec's matching finds (case and accents ignored), counted here in JavaScript. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const expected = (needle: string) =>
  Array.from({ length: 600 }, (_, i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`).filter((v) => fold(v).includes(fold(needle))).length;

describe(`exact counts (${POSTGRES ? 'postgres' : 'sqlite'})`, () => {
  it.each(['EL', 'él', 'cion', 'ñ', 'lecc', 'zz'])('count=only of field1 "%s" is the exact number of matches', async (needle) => {
    const before = laneQueries('count');
    const res = await list({ field1: needle }, '&count=only');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: expected(needle) });
    // SQLite: the count ran in the count worker; PostgreSQL counts in the database's own process.
    expect(laneQueries('count') - before).toBe(POSTGRES ? 0 : 1);
  });

  it('a page with its total counts in the count worker too, and agrees with count=only', async () => {
    const before = laneQueries('count');
    const page = await list({ field1: 'el' }, '&limit=5');
    expect(page.json().items).toHaveLength(5);
    expect(page.json().total).toBe(expected('el'));
    expect(laneQueries('count') - before).toBe(POSTGRES ? 0 : 1);
  });

  it('a regular expression is counted within its budget and answers the spec error when unsafe', async () => {
    const res = await list({ field1: '/^el/' }, '&count=only');
    expect(res.json().total).toBe(Array.from({ length: 600 }, (_, i) => fold(WORDS[i % WORDS.length])).filter((v) => v.startsWith('el')).length);
    const bad = await list({ field1: '/(a*)*$/' }, '&count=only');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_REGEX');
  });

  it('answers 401 without a token', async () => {
    const res = await t.call('GET', `${url}?count=only`, {});
    expect(res.statusCode).toBe(401);
  });
});
