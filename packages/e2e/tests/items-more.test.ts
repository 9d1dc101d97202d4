/**
 * Items area end to end (issue 11), signed in as the librarian: ID modifications — write a script that
 * upper-cases ids, test it on 1234 in the server's sandbox, save it; Search lists and one list's items open;
 * Item events (Search) — open an event of another library, confirm 'Document belongs to a different store'
 * and land on its screen with that library selected.
 */
import type { Page } from 'playwright-core';
import { login, navigateInApp, openBrowser, portalUrl, waitForContentTitle, type PortalBrowser } from '../src';
import { columnTitles, content, listRows, until } from '../src/listPage';

let browser: PortalBrowser;
beforeEach(async () => {
  browser = await openBrowser('en-GB');
});
afterEach(async () => {
  if (browser.errors.length) console.log(`page errors:\n${browser.errors.join('\n')}`);
  await browser.close();
});

const shot = (page: Page, name: string) => (process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve());

/** The librarian's token and selected library (id and name), read through the API. */
async function librarian(): Promise<{ token: string; storeId: number; storeName: string }> {
  const signin = await fetch(portalUrl('/api/auth/signin'), {
    method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userName: 'librarian', password: 'librarian' }),
  });
  const { token, settings } = (await signin.json()) as { token: string; settings: { selectedStoreId: number } };
  const res = await fetch(portalUrl('/api/stores?limit=100'), { headers: { 'x-access-token': token, connection: 'close' } });
  const { items } = (await res.json()) as { items: Array<{ tid: number; name: string }> };
  return { token, storeId: settings.selectedStoreId, storeName: items.find((s) => s.tid === settings.selectedStoreId)!.name };
}

describe('items: ID modifications, search lists, item events', () => {
  it('tests and saves an upper-casing script in the sandbox', async () => {
    const { page } = browser;
    await login(page, 'librarian');
    await navigateInApp(page, '/idModifications');
    await waitForContentTitle(page, 'ID Modifications');
    const editor = page.getByRole('textbox', { name: 'Catalogue items modification' });
    await editor.fill("return 'bc-' + id.toUpperCase();");
    await page.getByRole('button', { name: 'Test Catalogue items modification' }).click();
    await content(page).getByText('BC-1234').waitFor();
    // 'bc-' + … upper-cases only the id: the sandbox ran the script, not the page.
    await editor.fill("return ('bc-' + id).toUpperCase();");
    await page.getByRole('button', { name: 'Test Catalogue items modification' }).click();
    await content(page).getByText('BC-1234').waitFor();
    await page.getByRole('textbox', { name: 'Inventory items modification' }).fill('while (true) {}');
    await page.getByRole('button', { name: /Save/ }).click();
    await page.getByText('Error saving ID Modifications').waitFor();
    await content(page).getByText(/took longer than/).waitFor();
    await shot(page, 'idModifications-error');
    await page.getByRole('textbox', { name: 'Inventory items modification' }).fill('return id;');
    await page.getByRole('button', { name: /Save/ }).click();
    await page.getByText('ID Modifications saved successfully').waitFor();
    await shot(page, 'idModifications-saved');
    const { token, storeId } = await librarian();
    const saved = await fetch(portalUrl(`/api/idModifications?storeId=${storeId}`), { headers: { 'x-access-token': token, connection: 'close' } });
    expect(await saved.json()).toEqual({ storeId, catalogueItemsModification: "return ('bc-' + id).toUpperCase();", inventoryItemsModification: 'return id;' });
  });

  it('opens the search lists and one list of them', async () => {
    const { page } = browser;
    await login(page, 'librarian');
    await navigateInApp(page, '/searchLists');
    await waitForContentTitle(page, 'Search Lists');
    await content(page).locator('.ant-table-row').first().waitFor();
    expect(await columnTitles(page)).toEqual(['Name', 'Sync URL', 'Auto Sync', 'Last Sync', 'Num Items']);
    await content(page).getByText(/^Items: \d+ · Distinct: \d+$/).waitFor();
    await shot(page, 'searchLists');
    const [first] = await listRows(page);
    await content(page).locator('.ant-table-row').first().dblclick();
    await page.waitForURL(/\/searchLists\/\d+$/);
    await waitForContentTitle(page, first.Name);
    await content(page).getByRole('button', { name: /Back/ }).waitFor();
    await shot(page, 'searchListItems');
  });

  it('switches the library when an event of another one is opened', async () => {
    const { page } = browser;
    const me = await librarian();
    await login(page, 'librarian');
    await navigateInApp(page, '/itemEvents');
    await waitForContentTitle(page, 'Search');
    await content(page).locator('.ant-table-row').first().waitFor();
    await content(page).getByText(/^Events: \d+$/).waitFor();
    await shot(page, 'itemEvents');
    const rows = await listRows(page);
    const index = rows.findIndex((r) => r.Library !== me.storeName);
    expect(index).toBeGreaterThanOrEqual(0);
    const other = rows[index];
    await content(page).locator('.ant-table-row').nth(index).getByRole('button').last().click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: 'Document belongs to a different store' }).waitFor();
    await shot(page, 'itemEvents-confirm');
    // Every path the page goes through: the event's screen may be one the user lacks (the librarian has no
    // alarms permission), which the shell turns back at once, too fast for waitForURL to see it as current.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname); });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await until(async () => visited.some((p) => !p.startsWith('/itemEvents')), true);
    // The switch went through the session: the saved settings now select that library.
    await until(async () => (await librarian()).storeName, other.Library);
  });
});
