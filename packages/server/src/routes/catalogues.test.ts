import { addCatalogue } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let bib1: number;
let bib2: number;
beforeAll(async () => {
  t = await createTestApp();
  bib1 = await t.storeId('BIB-001');
  bib2 = await t.storeId('BIB-002');
});
afterAll(() => t.close());

const url = (storeId: number, rest = '') => `/api/stores/${storeId}/catalogues${rest}`;

describe('catalogues', () => {
  it('creates, lists, edits and deletes catalogues with unique names per library', async () => {
    const created = await t.call('POST', url(bib1), { user: 'librarian', body: { name: 'Fondo general', syncURL: 'https://example.com/items.csv' } });
    expect(created.statusCode).toBe(200);
    const cat = created.json();
    expect(cat).toEqual({ tid: expect.any(Number), name: 'Fondo general', syncURL: 'https://example.com/items.csv', autoSync: false, lastSync: null });
    const dup = await t.call('POST', url(bib1), { user: 'librarian', body: { name: 'Fondo general' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('NameAlreadyExistsMessage');
    const list = await t.call('GET', `${url(bib1)}?searchTexts=${encodeURIComponent(JSON.stringify({ name: 'FONDO' }))}`, { user: 'librarian' });
    expect(list.json()).toEqual({ items: [cat], total: 1 });
  });
});
