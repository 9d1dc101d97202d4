/**
 * Items area end to end, signed in as the librarian: ID modifications — write a script that
 * upper-cases ids, test it on 1234 in the server's sandbox, save it; import a real file into a catalogue and
 * see the modified ids (the library's scripts are put back afterwards for the other files); edit an item in
 * the form of a library without objectId and field6 labels and see those hidden fields survive; Search lists and one list's items open;
 * Item events (Search) — open an event of another library, confirm 'Document belongs to a different store'
 * and land on its screen with that library selected.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { login, navigateInApp, portalUrl, useBrowser, waitForContentTitle } from '../src';
import { choose, columnTitles, confirmDialog, content, listRows, openModal, until } from '../src/listPage';

const browser = useBrowser();

const shot = (page: Page, name: string) => (process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve());

/** The librarian's token and selected library (id and name), read through the API. */
async function librarian(): Promise<{ token: string; storeId: number; storeName: string; fieldCode: string }> {
  const signin = await fetch(portalUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userName: 'librarian', password: 'librarian' }),
  });
  const { token, settings } = (await signin.json()) as { token: string; settings: { selectedStoreId: number } };
  const res = await fetch(portalUrl('/api/stores?limit=100'), { headers: { 'x-access-token': token, connection: 'close' } });
  const { items } = (await res.json()) as { items: Array<{ tid: number; name: string; fieldCode: string }> };
  const store = items.find((s) => s.tid === settings.selectedStoreId)!;
  return { token, storeId: store.tid, storeName: store.name, fieldCode: store.fieldCode };
}

interface Scripts {
  storeId: number;
  catalogueItemsModification: string;
  inventoryItemsModification: string;
}

async function idModifications(token: string, storeId: number, put?: Scripts): Promise<Scripts> {
  const res = await fetch(portalUrl(put ? '/api/idModifications' : `/api/idModifications?storeId=${storeId}`), {
    method: put ? 'PUT' : 'GET',
    body: put ? JSON.stringify(put) : undefined,
    headers: { 'x-access-token': token, connection: 'close', ...(put ? { 'content-type': 'application/json' } : {}) },
  });
  if (!res.ok) throw new Error(`idModifications: ${res.status} ${await res.text()}`);
  return (await res.json()) as Scripts;
}

// The scripts apply to every later import into the library: the demo's are put back after this file.
let demoScripts: Scripts;
beforeAll(async () => {
  const me = await librarian();
  demoScripts = await idModifications(me.token, me.storeId);
});
afterAll(async () => {
  await idModifications((await librarian()).token, demoScripts.storeId, demoScripts);
});

describe('items: ID modifications, search lists, item events', () => {
  it('tests and saves an upper-casing script in the sandbox', async () => {
    const { page } = browser;
    await login(page, 'librarian');
    await navigateInApp(page, '/idModifications');
    await waitForContentTitle(page, 'ID Modifications');
    const editor = page.getByRole('textbox', { name: 'Catalogue items modification', exact: true });
    await editor.fill("return 'bc-' + id.toUpperCase();");
    await page.getByRole('button', { name: 'Test Catalogue items modification' }).click();
    await content(page).getByText('BC-1234').waitFor();
    // 'bc-' + … upper-cases only the id: the sandbox ran the script, not the page.
    await editor.fill("return ('bc-' + id).toUpperCase();");
    await page.getByRole('button', { name: 'Test Catalogue items modification' }).click();
    await content(page).getByText('BC-1234').waitFor();
    await page.getByRole('textbox', { name: 'Inventory items modification', exact: true }).fill('while (true) {}');
    await page.getByRole('button', { name: /Save/ }).click();
    await page.getByText('Error saving ID Modifications').waitFor();
    await content(page)
      .getByText(/took longer than/)
      .waitFor();
    await shot(page, 'idModifications-error');
    await page.getByRole('textbox', { name: 'Inventory items modification', exact: true }).fill('return id;');
    await content(page)
      .getByText(/took longer than/)
      .waitFor({ state: 'hidden' }); // the edit cleared the failed run
    await page.getByRole('button', { name: /Save/ }).click();
    await page.getByText('ID Modifications saved successfully').waitFor();
    await shot(page, 'idModifications-saved');
    const { token, storeId } = await librarian();
    const saved = await fetch(portalUrl(`/api/idModifications?storeId=${storeId}`), { headers: { 'x-access-token': token, connection: 'close' } });
    expect(await saved.json()).toEqual({ storeId, catalogueItemsModification: "return ('bc-' + id).toUpperCase();", inventoryItemsModification: 'return id;' });
  });

  it('imports a file and sees the modified ids', async () => {
    const { page } = browser;
    const { token, storeId, fieldCode } = await librarian();
    await idModifications(token, storeId, { ...demoScripts, catalogueItemsModification: "return ('bc-' + id).toUpperCase();" });
    const name = `E2E modified ids ${Date.now().toString(36)}`;
    const created = await fetch(portalUrl(`/api/stores/${storeId}/catalogues`), {
      method: 'POST',
      body: JSON.stringify({ name }),
      headers: { 'x-access-token': token, connection: 'close', 'content-type': 'application/json' },
    });
    const { tid } = (await created.json()) as { tid: number };
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-ids-'));
    try {
      const file = path.join(dir, 'ids.csv');
      writeFileSync(file, 'code,title\nabc1,Uno\nabc2,Dos\n');
      await login(page, 'librarian');
      await page.goto(portalUrl(`/catalogues/${tid}`));
      await waitForContentTitle(page, name);
      await content(page).getByRole('button', { name: 'Import' }).click();
      const modal = await openModal(page, 'Import');
      await modal.locator('input[type="file"]').setInputFiles(file);
      await modal.getByText('ids.csv').waitFor();
      await choose(page, modal, 'Field of column 1', fieldCode); // the library's label of the code
      await modal.getByRole('button', { name: 'Import' }).click();
      await modal.getByText('2 of 2 items imported').waitFor({ timeout: 60_000 });
      await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await content(page).getByText('Total: 2').waitFor();
      await until(async () => (await listRows(page)).map((r) => Object.values(r)[0]).sort(), ['BC-ABC1', 'BC-ABC2']);
      await shot(page, 'modifiedIds');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('edits an item with hidden fields, which survive the edit', async () => {
    const { page } = browser;
    const { token, storeId } = await librarian();
    const send = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(portalUrl(url), {
        method,
        body: body ? JSON.stringify(body) : undefined,
        headers: { 'x-access-token': token, connection: 'close', ...(body ? { 'content-type': 'application/json' } : {}) },
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const { items: stores } = (await send('GET', '/api/stores?limit=100')) as { items: Array<Record<string, string | number>> };
    const store = stores.find((s) => s.tid === storeId)!;
    // For this test the library labels neither objectId nor field6: the item form does not show them.
    await send('PUT', `/api/stores/${storeId}`, { fieldObjectId: '', field6: '' });
    try {
      const name = `E2E hidden fields ${Date.now().toString(36)}`;
      const { tid } = (await send('POST', `/api/stores/${storeId}/catalogues`, { name })) as { tid: number };
      // The code as stored (the library's catalogue script, if any, applies to it).
      const { code } = await send('POST', `/api/stores/${storeId}/catalogues/${tid}/items`, {
        code: 'HID-1',
        objectId: 'OBJ-H',
        field1: 'Old title',
        field6: 'hidden six',
      });
      await login(page, 'librarian');
      await page.goto(portalUrl(`/catalogues/${tid}`));
      await waitForContentTitle(page, name);
      await content(page).locator('.ant-table-row').filter({ hasText: 'HID-1' }).getByRole('button', { name: 'Edit' }).click();
      const form = await openModal(page, 'Edit item');
      expect(await form.getByLabel(String(store.fieldObjectId)).count()).toBe(0);
      await form.getByLabel(String(store.field1), { exact: true }).fill('New title');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'hidden' });
      await content(page).locator('.ant-table-row').filter({ hasText: 'New title' }).waitFor();
      const { items } = (await send('GET', `/api/stores/${storeId}/catalogues/${tid}/items`)) as { items: Array<Record<string, string | null>> };
      expect(items.map((i) => [i.code, i.objectId, i.field1, i.field6])).toEqual([[code, 'OBJ-H', 'New title', 'hidden six']]);
    } finally {
      await send('PUT', `/api/stores/${storeId}`, { fieldObjectId: store.fieldObjectId, field6: store.field6 });
    }
  });

  it('opens the search lists and one list of them', async () => {
    const { page } = browser;
    await login(page, 'librarian');
    await navigateInApp(page, '/searchLists');
    await waitForContentTitle(page, 'Search Lists');
    await content(page).locator('.ant-table-row').first().waitFor();
    expect(await columnTitles(page)).toEqual(['Name', 'Sync URL', 'Auto Sync', 'Last Sync', 'Num Items']);
    await content(page)
      .getByText(/^Items: \d+ · Distinct: \d+$/)
      .waitFor();
    await shot(page, 'searchLists');
    const [first] = await listRows(page);
    await content(page).locator('.ant-table-row').first().dblclick();
    await page.waitForURL(/\/searchLists\/\d+$/);
    await waitForContentTitle(page, first.Name);
    await content(page).getByRole('button', { name: /Back/ }).waitFor();
    await shot(page, 'searchListItems');
  });

  it('switches the library when an event of another one is opened, and offers no jump the user may not open', async () => {
    const { page } = browser;
    const me = await librarian();
    await login(page, 'librarian');
    await navigateInApp(page, '/itemEvents');
    await waitForContentTitle(page, 'Search');
    await content(page).locator('.ant-table-row').first().waitFor();
    await content(page)
      .getByText(/^Events: \d+$/)
      .waitFor();
    await shot(page, 'itemEvents');
    const rows = await listRows(page);
    // The librarian has no alarms or SIP operations permission: those events offer no jump. The newest events are the
    // day's alarms and loans, or at night the SIP operations of the library open all day and night.
    const closed = rows.findIndex((r) => r.Type === 'Alarm' || r.Type === 'SIP operation');
    expect(closed).toBeGreaterThanOrEqual(0);
    expect(await content(page).locator('.ant-table-row').nth(closed).getByRole('button').count()).toBe(0);
    // An inventory event of another library, found by the API and searched for by its code. Only inventory events
    // are asked for: the day's alarms and loans, newest first, fill the first pages as the day goes on.
    const inventoryEvents = `/api/itemEvents?limit=500&searchTexts=${encodeURIComponent(JSON.stringify({ type: 'INVENTORY' }))}`;
    const res = await fetch(portalUrl(inventoryEvents), { headers: { 'x-access-token': me.token, connection: 'close' } });
    const { items } = (await res.json()) as { items: Array<{ storeId: number; storeName: string; code: string; type: string }> };
    const event = items.find((e) => e.storeId !== me.storeId && e.type === 'INVENTORY');
    expect(event).toBeDefined();
    await content(page).locator('.ant-table-thead th').filter({ hasText: 'Code' }).locator('.ant-table-filter-trigger').click();
    const searchBox = page.getByRole('textbox', { name: 'Search Code' });
    await searchBox.fill(event!.code);
    await searchBox.press('Enter');
    // The rows on screen change once the search's page has arrived.
    const isEvent = (r: Record<string, string>) => r.Library === event!.storeName && r.Type === 'Inventory' && r.Code === event!.code;
    await until(async () => (await listRows(page)).some(isEvent), true);
    const found = await listRows(page);
    const index = found.findIndex(isEvent);
    const other = found[index];
    await content(page).locator('.ant-table-row').nth(index).getByRole('button', { name: 'Inventory' }).click();
    const dialog = await confirmDialog(page, 'Document belongs to a different store');
    await shot(page, 'itemEvents-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/\/inventories(\/|$)/);
    await dialog.waitFor({ state: 'hidden' });
    // The switch went through the session: the saved settings now select that library.
    await until(async () => (await librarian()).storeName, other.Library);
  });
});
