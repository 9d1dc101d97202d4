/**
 * Keyboard only: the supervisor signs in, moves through the sidebar to Catalogues, opens Change Library
 * from the header and picks another library, searches a list column, selects a row, opens Export Items from the
 * list's menu (its Format dialog opened and closed with Escape on the way: Export Items stays open) and exports —
 * with page.keyboard alone (no click, no mouse), then the file is checked. The supervisor's selected library is put
 * back afterwards (other files start from it).
 */
import { statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { focused, pressUntil, tabIntoOpenMenu } from '../src/keyboard';
import { apiGet, apiSignIn, type ApiSession } from '../src/portalRoutes';
import { uiText } from '../src/uiText';
import { downloadOf, openBrowser, portalUrl, type PortalBrowser } from '../src';

const t = uiText('en-GB');
let browser: PortalBrowser;
let session: ApiSession;
let workDir: string;

interface Store {
  tid: number;
  name: string;
  expirationDate?: string | null;
}

/** A library of the supervisor's other than the selected one, not expired, with catalogues. */
async function otherLibrary(): Promise<{ store: Store; catalogue: string }> {
  const { items } = await apiGet<{ items: Store[] }>(session, '/api/stores?limit=100');
  const today = new Date().toISOString().slice(0, 10);
  for (const store of items.slice(0, 10)) {
    if (store.tid === session.selectedStoreId || (store.expirationDate && store.expirationDate.slice(0, 10) < today)) continue;
    const catalogues = await apiGet<{ items: Array<{ name: string }> }>(session, `/api/stores/${store.tid}/catalogues?limit=1`);
    if (catalogues.items.length > 0) return { store, catalogue: catalogues.items[0].name };
  }
  throw new Error('the supervisor has no other library with catalogues among the first ten');
}

/** Waits until the open dialog has the focus (it must take it when it opens). */
async function focusInDialog(page: PortalBrowser['page'], name: string): Promise<void> {
  await page
    .waitForFunction(() => document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')?.contains(document.activeElement) ?? false)
    .catch(async () => {
      throw new Error(`${name} did not take the focus (it is on ${await focused(page)})`);
    });
}

beforeAll(async () => {
  session = await apiSignIn('supervisor');
  workDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-keyboard-'));
});
// A fresh browser for each attempt (a retry starts signed out, like the first).
beforeEach(async () => {
  browser = await openBrowser('en-GB');
});
afterEach(async () => {
  if (browser.errors.length) console.log(`page errors:\n${browser.errors.join('\n')}`);
  await browser.close();
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await fetch(portalUrl(`/api/users/${session.userId}/settings`), {
    method: 'PUT',
    headers: { 'x-access-token': session.token, 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ settings: { selectedStoreId: session.selectedStoreId } }),
  });
});

describe('keyboard only', () => {
  it('signs in, uses the sidebar, changes library, searches a column, selects a row and exports, without a mouse', async () => {
    const { page } = browser;
    const { store, catalogue } = await otherLibrary();
    const { keyboard } = page;

    // 1. Sign in.
    await page.goto(portalUrl('/auth/login'));
    await page.locator('#login_userName').waitFor();
    await pressUntil(page, { selector: '#login_userName' });
    await keyboard.type('supervisor');
    await keyboard.press('Tab');
    await keyboard.type('supervisor');
    await keyboard.press('Enter');
    await page.waitForURL(/\/dashboard$/);
    await page.locator('.ant-layout-sider .ant-menu-item').first().waitFor();

    // 2. The sidebar: into the menu, down to the Items group, open it, down to Catalogues.
    await pressUntil(page, { selector: '.ant-layout-sider [role="menu"], .ant-layout-sider [role="menuitem"]' });
    await pressUntil(page, { name: t('shell', 'menu.groups.items') }, { key: 'ArrowDown', max: 20 });
    await keyboard.press('Enter');
    await pressUntil(page, { name: t('shell', 'menu.catalogues') }, { key: 'ArrowDown', max: 20 });
    await keyboard.press('Enter');
    await page.waitForURL(/\/catalogues$/);

    // 3. Change Library from the header's library menu: pick the other library's radio, OK.
    const libraryButton = page.locator('header button:has(.anticon-shop)');
    await libraryButton.waitFor();
    await pressUntil(page, { selector: 'header button:has(.anticon-shop)' });
    await keyboard.press('Enter');
    await tabIntoOpenMenu(page);
    await pressUntil(page, { selector: '[role="menuitem"]', name: t('shell', 'library.change') }, { key: 'ArrowDown', max: 5 });
    await keyboard.press('Enter');
    const changeLibrary = page.locator('.ant-modal-wrap:visible .ant-modal');
    await changeLibrary.locator('.ant-table-row').first().waitFor();
    await focusInDialog(page, 'Change Library');
    // Tab reaches the radio group once; the arrow keys move through it (expired libraries are skipped) and select.
    await pressUntil(page, { selector: '.ant-modal input[type="radio"]' }, { max: 30 });
    await pressUntil(page, { selector: 'input[type="radio"]', name: store.name }, { key: 'ArrowDown', max: 30 });
    await keyboard.press('Space');
    await pressUntil(page, { selector: 'button', name: t('common', 'ok') });
    await keyboard.press('Enter');
    await changeLibrary.waitFor({ state: 'hidden' });
    await libraryButton.filter({ hasText: store.name }).waitFor();
    await page.waitForURL(/\/catalogues$/);

    // 4. Search the list's first column (the catalogue name) from its search trigger.
    const content = page.locator('#portal-content');
    await content.locator('.ant-table-row').first().waitFor();
    await pressUntil(page, { selector: '#portal-content .ant-table-filter-trigger' });
    await keyboard.press('Enter');
    await page.locator('.ant-table-filter-dropdown input:focus').waitFor();
    await keyboard.type(catalogue);
    await keyboard.press('Enter');
    await content
      .locator('.ant-tag')
      .filter({ hasText: t('lists', 'filteredCount').replace('{{count}}', '') })
      .waitFor();
    await content.locator('.ant-table-row').filter({ hasText: catalogue }).first().waitFor();

    // 5. Select the first row with Space.
    await pressUntil(page, { selector: '#portal-content .ant-table-row input[type="checkbox"]' });
    await keyboard.press('Space');
    await content.locator('.ant-table-row-selected').first().waitFor();

    // 6. The list's menu → Export Items → Export, and the file arrives.
    await pressUntil(page, { selector: '#portal-content button', name: t('lists', 'moreActions') });
    await keyboard.press('Enter');
    await tabIntoOpenMenu(page);
    await pressUntil(page, { selector: '[role="menuitem"]', name: t('lists', 'menu.exportItems') }, { key: 'ArrowDown', max: 12 });
    await keyboard.press('Enter');
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    await dialog.waitFor();
    await focusInDialog(page, 'Export Items');
    // Its Format dialog, closed with Escape as soon as it shows: Format closes alone, the focus back on its button.
    await pressUntil(page, { selector: '.ant-modal button', name: t('lists', 'export.adminFormat') }, { max: 30 });
    await keyboard.press('Enter');
    const format = page.locator('.ant-modal-wrap:visible .ant-modal').filter({ hasText: t('lists', 'format.dateFormat') });
    await format.waitFor();
    await keyboard.press('Escape');
    await format.waitFor({ state: 'hidden' });
    await page
      .waitForFunction((name) => document.activeElement?.textContent?.trim() === name, t('lists', 'export.adminFormat'))
      .catch(async () => {
        throw new Error(`the focus did not return to Admin Format (it is on ${await focused(page)})`);
      });
    expect(await dialog.isVisible()).toBe(true);
    await pressUntil(page, { selector: '.ant-modal-footer button.ant-btn-primary', name: t('lists', 'export.ok') }, { max: 30 });
    const file = await downloadOf(page, () => keyboard.press('Enter'));
    const target = path.join(workDir, file.suggestedFilename());
    await file.saveAs(target);
    expect(file.suggestedFilename()).toMatch(/\.(xlsx|csv|txt)$/);
    expect(statSync(target).size).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });
  });
});
