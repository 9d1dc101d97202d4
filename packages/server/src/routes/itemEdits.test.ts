/**
 * Manual item writes (data-areas §5): an edit changes only the fields the body carries, so fields the
 * library has no label for (field1..6, objectId) survive the item form's edits; and the one objectId rule
 * for manual writes follows the library's objectId label. Catalogue, search list and inventory items.
 */
import { addCatalogue, addSearchList, addSectionThroughApi } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

let t: TestApp;
let bib1: number;
let bib2: number;
beforeAll(async () => {
  t = await createTestApp();
  [bib1, bib2] = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  // BIB-001 labels code and field1 only: objectId and field2..6 are hidden in its item form.
  await t.db
    .updateTable('stores')
    .set({ field_object_id: '', field1: 'Title', field2: '', field3: '', field4: '', field5: '', field6: '' })
    .where('id', '=', bib1)
    .execute();
});
afterAll(() => t.close());

const as = { user: 'librarian' as const };
const hidden = { code: 'H1', objectId: 'RFID-1', field1: 'Old title', field2: 'two', field3: 'three', field4: 'four', field5: 'five', field6: 'six' };

const kinds: Array<[string, () => Promise<{ items: string; id: number }>]> = [
  [
    'catalogue',
    async () => {
      const cat = await addCatalogue(t.db, bib1, `Edits ${Math.random()}`, [hidden]);
      const items = `/api/stores/${bib1}/catalogues/${cat}/items`;
      return { items, id: (await t.call('GET', items, as)).json().items[0].tid };
    },
  ],
  [
    'search list',
    async () => {
      const list = await addSearchList(t.db, bib1, `Edits ${Math.random()}`, [hidden]);
      const items = `/api/stores/${bib1}/searchLists/${list}/items`;
      return { items, id: (await t.call('GET', items, as)).json().items[0].tid };
    },
  ],
  [
    'inventory section',
    async () => {
      const items = await addSectionThroughApi(t, 'librarian', bib1);
      // The section's item is added with every field through the label-free path (Add Items To from a catalogue).
      const cat = await addCatalogue(t.db, bib1, `Source ${Math.random()}`, [hidden]);
      expect((await t.call('POST', `${items}/catalogue`, { ...as, body: { parentId: cat, itemIds: [] } })).json()).toEqual({
        numItems: 1,
        numItemsInserted: 1,
      });
      return { items, id: (await t.call('GET', items, as)).json().items[0].tid };
    },
  ],
];

describe.each(kinds)('editing a %s item', (_kind, make) => {
  it('changes only the fields the body carries; hidden fields and objectId survive', async () => {
    const { items, id } = await make();
    const res = await t.call('PUT', `${items}/${id}`, { ...as, body: { code: 'H1', field1: 'New title' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...hidden, field1: 'New title' });
    const listed = (await t.call('GET', items, as)).json().items[0];
    expect(listed).toMatchObject({ ...hidden, field1: 'New title' });
    // A field the body carries as null or '' is cleared; the others still survive.
    const cleared = await t.call('PUT', `${items}/${id}`, { ...as, body: { field1: '', field2: null } });
    expect(cleared.json()).toMatchObject({ ...hidden, field1: null, field2: null });
  });

  it('follows the library objectId label: without it code is required, even on edit', async () => {
    const { items, id } = await make();
    const noCode = await t.call('PUT', `${items}/${id}`, { ...as, body: { code: null } });
    expect([noCode.statusCode, noCode.json().code]).toEqual([400, 'CODE_REQUIRED']);
    expect((await t.call('GET', items, as)).json().items[0]).toMatchObject(hidden);
    const added = await t.call('POST', items, { ...as, body: { objectId: 'ONLY-OBJ' } });
    expect([added.statusCode, added.json().code]).toEqual([400, 'CODE_REQUIRED']);
  });
});

describe('with an objectId label', () => {
  it('accepts objectId-only items and refuses an item with neither', async () => {
    await t.db.updateTable('stores').set({ field_object_id: 'RFID' }).where('id', '=', bib1).execute();
    try {
      const cat = await addCatalogue(t.db, bib1, 'Labelled', []);
      const items = `/api/stores/${bib1}/catalogues/${cat}/items`;
      const added = await t.call('POST', items, { ...as, body: { objectId: 'ONLY-OBJ' } });
      expect(added.json()).toMatchObject({ code: null, objectId: 'ONLY-OBJ' });
      const neither = await t.call('PUT', `${items}/${added.json().tid}`, { ...as, body: { objectId: ' ' } });
      expect([neither.statusCode, neither.json().code]).toEqual([400, 'AtLeastOneCodeMessage']);
    } finally {
      await t.db.updateTable('stores').set({ field_object_id: '' }).where('id', '=', bib1).execute();
    }
  });
});

describe('scoping and hostile input', () => {
  it('without a token 401; an item of another library 403 and unchanged; bad bodies 4xx', async () => {
    const theirs = await addCatalogue(t.db, bib2, 'Theirs', [hidden]);
    const theirItem = (await t.call('GET', `/api/stores/${bib2}/catalogues/${theirs}/items`, { user: 'supervisor' })).json().items[0].tid;
    const mine = await addCatalogue(t.db, bib1, `Mine ${Math.random()}`, [hidden]);
    const mineItem = (await t.call('GET', `/api/stores/${bib1}/catalogues/${mine}/items`, as)).json().items[0].tid;
    expect((await t.call('PUT', `/api/stores/${bib1}/catalogues/${mine}/items/${mineItem}`, { body: { field1: 'x' } })).statusCode).toBe(401);
    for (const url of [
      `/api/stores/${bib2}/catalogues/${theirs}/items/${theirItem}`,
      `/api/stores/${bib1}/catalogues/${theirs}/items/${theirItem}`,
      `/api/stores/${bib1}/catalogues/${mine}/items/${theirItem}`,
    ]) {
      expect((await t.call('PUT', url, { ...as, body: { field1: 'x' } })).statusCode).toBe(403);
    }
    expect((await t.call('GET', `/api/stores/${bib2}/catalogues/${theirs}/items`, { user: 'supervisor' })).json().items[0]).toMatchObject(hidden);
    for (const body of [{ field7: 'x' }, { field1: 5 }, { field1: 'x'.repeat(100_000) }, [], 'text']) {
      const res = await t.call('PUT', `/api/stores/${bib1}/catalogues/${mine}/items/${mineItem}`, { ...as, body });
      expect([JSON.stringify(body).slice(0, 20), res.statusCode >= 400 && res.statusCode < 500]).toEqual([JSON.stringify(body).slice(0, 20), true]);
    }
    expect((await t.call('GET', `/api/stores/${bib1}/catalogues/${mine}/items`, as)).json().items[0]).toMatchObject(hidden);
  });
});
