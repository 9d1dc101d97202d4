/**
 * A stocktake end to end (data-areas §2 Inventories and Compare page), signed in as the librarian with its
 * pre-selected library: create a group related to a catalogue and a section through their forms, import a real
 * .xlsx of scanned items into the section, open Compare against the catalogue, switch Missing/Exceeded and check
 * the counts against the API, follow the 'found in' link, and export both lists, reading the files back.
 * The two catalogues are made through the API first (their screens have their own test).
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { readCsvRows } from '../src/fixtures/catalogueWorkbook';
import { listMenu, listRows, openModal, content, until, choose } from '../src/listPage';
import { downloadOf, login, navigateInApp, portalUrl, useBrowser, useWorkDir, waitForContentTitle } from '../src';

const browser = useBrowser();
const work = useWorkDir('inventories');

interface Session {
  token: string;
  storeId: number;
  fieldCode: string;
}

async function signIn(): Promise<Session> {
  const res = await fetch(portalUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userName: 'librarian', password: 'librarian' }),
  });
  const { token, settings } = (await res.json()) as { token: string; settings: { selectedStoreId: number } };
  const stores = (await (await fetch(portalUrl('/api/stores?limit=100'), { headers: { 'x-access-token': token, connection: 'close' } })).json()) as {
    items: Array<{ tid: number; fieldCode: string }>;
  };
  const store = stores.items.find((s) => s.tid === settings.selectedStoreId)!;
  return { token, storeId: store.tid, fieldCode: store.fieldCode };
}

async function call<T>(s: Session, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(portalUrl(`/api/stores/${s.storeId}${url}`), {
    method,
    headers: { 'x-access-token': s.token, connection: 'close', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect([url, res.status]).toEqual([url, 200]);
  return (await res.json()) as T;
}

async function catalogue(s: Session, name: string, codes: string[]): Promise<number> {
  const { tid } = await call<{ tid: number }>(s, 'POST', '/catalogues', { name });
  for (const code of codes) await call(s, 'POST', `/catalogues/${tid}/items`, { code, field1: `Title ${code}` });
  return tid;
}

/** Scanned items as an RFID reader's export: a header row and one tag per row. */
async function writeScanWorkbook(codes: string[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Lecturas');
  ws.addRow(['Barcode', 'Reader']);
  for (const code of codes) ws.addRow([code, 'RFID-01']);
  const file = path.join(work.dir, 'scanned-items.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

async function exportCsv(page: Page, dir: string): Promise<string[][]> {
  await listMenu(page, 'Export Items');
  const dialog = await openModal(page, 'Export Items');
  await choose(page, dialog, 'File type', 'CSV (.csv)');
  const file = await downloadOf(page, () => dialog.getByRole('button', { name: 'Export' }).click());
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  await dialog.waitFor({ state: 'hidden' });
  return readCsvRows(target, ';');
}

describe('inventories', () => {
  it('does a stocktake: group, section, import of scanned items, compare with the catalogue, export of both lists', async () => {
    const { page } = browser;
    const s = await signIn();
    const suffix = Date.now().toString(36);
    const fondo = `E2E Fondo ${suffix}`;
    const other = `E2E Infantil ${suffix}`;
    const fondoId = await catalogue(s, fondo, ['INV-1', 'INV-2', 'INV-3', 'INV-4', 'INV-5']);
    const otherId = await catalogue(s, other, ['KID-1']);
    const groupName = `E2E Inventario ${suffix}`;

    await login(page, 'librarian');
    await navigateInApp(page, '/inventories');
    await waitForContentTitle(page, 'Inventories');
    await content(page).locator('.ant-table-row').filter({ hasText: 'Ungrouped' }).first().waitFor();

    // 1. A group related to the catalogue, through its form.
    await content(page).getByRole('button', { name: 'Add' }).click();
    const groupForm = await openModal(page, 'New inventory group');
    await groupForm.getByLabel('Name').fill(groupName);
    await choose(page, groupForm, 'Catalogue', fondo);
    await groupForm.getByRole('button', { name: 'Save' }).click();
    await groupForm.waitFor({ state: 'hidden' });
    const groupRow = content(page).locator('.ant-table-row').filter({ hasText: groupName });
    await groupRow.waitFor();
    expect(await groupRow.textContent()).toContain(fondo);

    // 2. Its sections: add one, open it.
    await groupRow.dblclick();
    await page.waitForURL(/\/inventories\/\d+\/sections$/);
    await waitForContentTitle(page, groupName);
    const groupId = Number(/inventories\/(\d+)\/sections/.exec(page.url())![1]);
    await content(page).getByRole('button', { name: 'Add' }).click();
    const sectionForm = await openModal(page, 'New section');
    await sectionForm.getByLabel('Location').fill('Planta 1 - Estantería A1');
    await sectionForm.getByRole('button', { name: 'Save' }).click();
    await sectionForm.waitFor({ state: 'hidden' });
    const sectionRow = content(page).locator('.ant-table-row').filter({ hasText: 'Planta 1 - Estantería A1' });
    await sectionRow.waitFor();
    await sectionRow.dblclick();
    await page.waitForURL(/\/inventories\/\d+\/sections\/\d+$/);
    await content(page).getByText('Total: 0').waitFor();

    // 3. Import the reader's .xlsx: three of the catalogue, one of the other catalogue, one unknown.
    const scanned = ['INV-1', 'INV-2', 'INV-3', 'KID-1', 'ZZZ-9'];
    await content(page).getByRole('button', { name: 'Import' }).click();
    const importModal = await openModal(page, 'Import');
    await importModal.locator('input[type="file"]').setInputFiles(await writeScanWorkbook(scanned));
    await importModal.getByText('scanned-items.xlsx').waitFor();
    await importModal.getByText(`Items in this sheet: ${scanned.length}`).waitFor();
    await choose(page, importModal, 'Field of column 1', s.fieldCode); // the library's label of the code
    await importModal.getByRole('button', { name: 'Import' }).click();
    await importModal.getByText(`${scanned.length} of ${scanned.length} items imported`).waitFor({ timeout: 60_000 });
    await importModal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await importModal.waitFor({ state: 'hidden' });
    await content(page).getByText(`Total: ${scanned.length}`).waitFor();
    await until(async () => (await listRows(page)).map((r) => r[s.fieldCode]).sort(), [...scanned].sort());

    // 4. Compare against the catalogue: the group's inventories; Missing and Exceeded match the API.
    await navigateInApp(page, `/catalogues/${fondoId}/compare`);
    await waitForContentTitle(page, `Compare ${fondo}`);
    await content(page).locator('.ant-cascader').click();
    const menus = page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu');
    await menus.first().getByText(groupName, { exact: true }).click();
    await menus.nth(1).getByText('All Inventories', { exact: true }).click();
    const apiCount = async (mode: string) => (await call<{ total: number }>(s, 'GET', `/compare/${fondoId}/${mode}/group/${groupId}?offset=0&limit=1`)).total;
    expect([await apiCount('MISSING'), await apiCount('EXCEEDED')]).toEqual([2, 2]);
    await content(page).getByTestId('compare-missing').filter({ hasText: 'Missing (2)' }).waitFor();
    await content(page).getByTestId('compare-exceeded').filter({ hasText: 'Exceeded (2)' }).waitFor();
    await until(async () => (await listRows(page)).map((r) => r[s.fieldCode]).sort(), ['INV-4', 'INV-5']);
    const missing = await exportCsv(page, work.dir);
    expect(missing[0]).toContain(s.fieldCode);
    const codeAt = missing[0].indexOf(s.fieldCode);
    expect(
      missing
        .slice(1)
        .map((r) => r[codeAt])
        .sort(),
    ).toEqual(['INV-4', 'INV-5']);

    await content(page).getByTestId('compare-exceeded').click();
    await until(
      async () => (await listRows(page)).map((r) => [r[s.fieldCode], r['Section'], r['Found in']]).sort(),
      [
        ['KID-1', 'Planta 1 - Estantería A1', other],
        ['ZZZ-9', 'Planta 1 - Estantería A1', ''],
      ],
    );
    const exceeded = await exportCsv(page, work.dir);
    // The file names the section and the catalogue where found as the screen does (not their ids).
    const at = (title: string) => exceeded[0].indexOf(title);
    expect(
      exceeded
        .slice(1)
        .map((r) => [r[at(s.fieldCode)], r[at('Section')], r[at('Found in')]])
        .sort(),
    ).toEqual([
      ['KID-1', 'Planta 1 - Estantería A1', other],
      ['ZZZ-9', 'Planta 1 - Estantería A1', ''],
    ]);

    // 5. 'Found in' opens the catalogue that holds the item.
    await content(page).getByRole('link', { name: other }).click();
    await page.waitForURL(new RegExp(`/catalogues/${otherId}$`));
    await waitForContentTitle(page, other);
  });
});
