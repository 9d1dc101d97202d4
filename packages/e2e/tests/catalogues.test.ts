/**
 * Catalogues end to end (data-areas §2 generic list, Import modal, catalogues; access-shell-dashboard §2
 * Export Items dialog), signed in as the librarian with its pre-selected library: add a catalogue through
 * its form, open it, import a real two-sheet Excel file (All Sheets, columns mapped by hand), search a
 * column with a regular expression, hide a column (kept after a reload) and export csv and xlsx, reading
 * both files back.
 */
import path from 'node:path';
import {
  EXPECTED_ITEMS,
  ESSAYS_SHEET,
  NOVELS_SHEET,
  TOTAL_ROWS,
  readCsvRows,
  readXlsxRows,
  writeCatalogueWorkbook,
  type ExpectedItem,
} from '../src/fixtures/catalogueWorkbook';
import { downloadOf, login, navigateInApp, portalUrl, useBrowser, useWorkDir, waitForContentTitle } from '../src';
import { choose, columnTitles, content, listMenu, listRows, openModal, until } from '../src/listPage';

const browser = useBrowser();
const work = useWorkDir('catalogues');

interface StoreLabels {
  tid: number;
  fieldCode: string;
  fieldObjectId: string;
  field1: string;
  field2: string;
  field3: string;
  field4: string;
  field5: string;
  field6: string;
}

/** The librarian's pre-selected library, its item field labels (the catalogue items' column titles) and a token. */
async function selectedLibrary(): Promise<StoreLabels & { token: string }> {
  const signin = await fetch(portalUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userName: 'librarian', password: 'librarian' }),
  });
  const { token, settings } = (await signin.json()) as { token: string; settings: { selectedStoreId: number } };
  const res = await fetch(portalUrl('/api/stores?limit=100'), { headers: { 'x-access-token': token, connection: 'close' } });
  const { items } = (await res.json()) as { items: StoreLabels[] };
  return { ...items.find((s) => s.tid === settings.selectedStoreId)!, token };
}

/** The library's catalogue with the most items, and how many it holds. */
async function largestCatalogue(storeId: number, token: string): Promise<{ id: number; total: number }> {
  const get = async (url: string) => (await fetch(portalUrl(url), { headers: { 'x-access-token': token, connection: 'close' } })).json();
  const { items } = (await get(`/api/stores/${storeId}/catalogues?limit=100`)) as { items: Array<{ tid: number }> };
  const sizes = await Promise.all(
    items.map(async ({ tid }) => ({
      id: tid,
      total: ((await get(`/api/stores/${storeId}/catalogues/${tid}/items?limit=1`)) as { total: number }).total,
    })),
  );
  return sizes.sort((a, b) => b.total - a.total)[0];
}

const itemsByCode = (rows: Array<Record<string, string>>, codeTitle: string) => rows.map((r) => r[codeTitle]).sort();

describe('catalogues', () => {
  it('adds a catalogue, imports two Excel sheets, searches by regular expression, hides a column and exports csv and xlsx', async () => {
    const { page } = browser;
    const started = Date.now();
    const laps: string[] = [];
    const lap = (step: string) => laps.push(`${step}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const library = await selectedLibrary();
    const titles = {
      code: library.fieldCode,
      objectId: library.fieldObjectId,
      title: library.field1,
      author: library.field2,
    };
    const allTitles = [
      library.fieldCode,
      library.fieldObjectId,
      library.field1,
      library.field2,
      library.field3,
      library.field4,
      library.field5,
      library.field6,
    ].filter((t) => t !== '');
    const name = `E2E catàleg ${Date.now().toString(36)}`;

    await login(page, 'librarian');
    await navigateInApp(page, '/catalogues');
    await waitForContentTitle(page, 'Catalogues');

    // 1. Add → the catalogue form → Save: the new catalogue is listed.
    await content(page).getByRole('button', { name: 'Add' }).click();
    const form = await openModal(page, 'New catalogue');
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    const row = content(page).locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    lap('catalogue added');

    // 2. Double-click opens it; import both sheets of a real .xlsx file.
    await row.dblclick();
    await page.waitForURL(/\/catalogues\/\d+$/);
    await waitForContentTitle(page, name);
    await content(page).getByText('Total: 0').waitFor();
    // Start from the default columns (a portal reused across runs keeps the last run's choice).
    await listMenu(page, 'Select Fields');
    (await openModal(page, 'Select Fields')).getByRole('button', { name: 'Reset to default' }).click();
    await until(() => columnTitles(page), allTitles);

    const workbook = await writeCatalogueWorkbook(work.dir);
    await content(page).getByRole('button', { name: 'Import' }).click();
    const importModal = await openModal(page, 'Import');
    await importModal.locator('input[type="file"]').setInputFiles(workbook);
    await importModal.getByText('catalogue-two-sheets.xlsx').waitFor();
    // Headers are not field names: nothing is mapped, so Import waits for the mapping.
    await importModal.getByText('Map a column to code or objectId in every sheet to import').waitFor();
    expect(await importModal.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await importModal.getByText(`Items in this sheet: ${NOVELS_SHEET.rows.length}`).waitFor();
    await importModal.getByRole('radio', { name: 'All Sheets' }).check();
    // The mapping offers the library's own labels of the fields.
    await choose(page, importModal, 'Field of column 1', titles.code);
    await choose(page, importModal, 'Field of column 2', titles.objectId);
    await choose(page, importModal, 'Field of column 3', titles.title);
    await choose(page, importModal, 'Field of column 4', titles.author);
    // The first sheet is mapped, the second not yet: still disabled.
    expect(await importModal.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await choose(page, importModal, 'Sheet', ESSAYS_SHEET.name);
    await importModal.getByRole('cell', { name: ESSAYS_SHEET.rows[0][0] }).waitFor();
    await choose(page, importModal, 'Field of column 1', titles.title);
    await choose(page, importModal, 'Field of column 2', titles.objectId);
    await choose(page, importModal, 'Field of column 3', titles.code);
    await importModal.getByRole('button', { name: 'Import' }).click();
    // The repeated (code, objectId) pair of the second sheet counts in the total but is not inserted twice.
    await importModal.getByText(`${EXPECTED_ITEMS.length} of ${TOTAL_ROWS} items imported`).waitFor({ timeout: 60_000 });
    await importModal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await importModal.waitFor({ state: 'hidden' });
    await content(page).getByText(`Total: ${EXPECTED_ITEMS.length}`).waitFor();
    await until(
      async () =>
        (await listRows(page))
          .map((r) => ({
            code: r[titles.code],
            objectId: r[titles.objectId],
            title: r[titles.title],
            author: r[titles.author],
          }))
          .sort((a, b) => a.code.localeCompare(b.code)),
      EXPECTED_ITEMS,
    );
    lap('imported');

    // 3. A regular-expression search (case-insensitive) on the code column.
    const codeHeader = content(page).locator('.ant-table-thead th').filter({ hasText: titles.code });
    await codeHeader.locator('.ant-table-filter-trigger').click();
    const searchBox = page.getByRole('textbox', { name: `Search ${titles.code}` });
    await searchBox.fill('/^nov-00[0-9]$/');
    await searchBox.press('Enter');
    await content(page).locator('.ant-tag').filter({ hasText: 'Filtered: 2' }).waitFor();
    await until(async () => itemsByCode(await listRows(page), titles.code), ['NOV-001', 'NOV-002']);
    lap('searched');

    // 4. Select Fields: hide the author column; it stays hidden after a reload.
    await listMenu(page, 'Select Fields');
    const selectFields = await openModal(page, 'Select Fields');
    await selectFields.getByRole('checkbox', { name: titles.author }).uncheck();
    await selectFields.getByRole('button', { name: 'OK' }).click();
    await selectFields.waitFor({ state: 'hidden' });
    const shownTitles = allTitles.filter((t) => t !== titles.author);
    await until(() => columnTitles(page), shownTitles);
    await page.reload();
    await waitForContentTitle(page, name);
    await content(page).getByText(`Total: ${EXPECTED_ITEMS.length}`).waitFor(); // the reload dropped the search
    await until(() => columnTitles(page), shownTitles);
    lap('column hidden and reloaded');

    // 5. Export Items: every shown column is selected by default; export csv, then xlsx.
    const exported = (item: ExpectedItem): string[] =>
      shownTitles.map((t) => (t === titles.code ? item.code : t === titles.objectId ? item.objectId : t === titles.title ? item.title : ''));
    const expectedRows = EXPECTED_ITEMS.map(exported);
    const byFirstCell = (rows: string[][]) => [...rows].sort((a, b) => a[0].localeCompare(b[0]));

    const exportFile = async (fileType: 'CSV (.csv)' | 'Excel (.xlsx)'): Promise<string> => {
      await listMenu(page, 'Export Items');
      const dialog = await openModal(page, 'Export Items');
      await dialog.getByRole('combobox', { name: 'Columns' }).click();
      const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().locator('.ant-select-item-option');
      await options.first().waitFor();
      expect(await options.evaluateAll((os) => os.map((o) => [o.getAttribute('title'), o.classList.contains('ant-select-item-option-selected')]))).toEqual(
        shownTitles.map((t) => [t, true]),
      );
      await page.keyboard.press('Escape');
      await choose(page, dialog, 'File type', fileType);
      expect(await dialog.getByLabel('File name').inputValue()).toBe(name);
      const file = await downloadOf(page, () => dialog.getByRole('button', { name: 'Export' }).click());
      const target = path.join(work.dir, file.suggestedFilename());
      await file.saveAs(target);
      await dialog.waitFor({ state: 'hidden' });
      return target;
    };

    const csv = await exportFile('CSV (.csv)');
    expect(path.basename(csv)).toBe(`${name}.csv`);
    // The librarian's saved format: first row is a header, semicolon separator.
    const csvRows = readCsvRows(csv, ';');
    expect(csvRows[0]).toEqual(shownTitles);
    expect(byFirstCell(csvRows.slice(1))).toEqual(byFirstCell(expectedRows));
    lap('csv exported');

    const xlsx = await exportFile('Excel (.xlsx)');
    expect(path.basename(xlsx)).toBe(`${name}.xlsx`);
    const xlsxRows = await readXlsxRows(xlsx);
    expect(xlsxRows[0]).toEqual(shownTitles);
    expect(byFirstCell(xlsxRows.slice(1))).toEqual(byFirstCell(expectedRows));
    lap('xlsx exported');

    // 6. A tall screen (1920×2160, like a zoomed-out browser): 25 rows do not fill the table, so the list keeps
    // loading pages until its rows reach the table's bottom (they can be scrolled) or none remain.
    const largest = await largestCatalogue(library.tid, library.token);
    expect(largest.total).toBeGreaterThan(100);
    await page.setViewportSize({ width: 1920, height: 2160 });
    const secondPage = page.waitForResponse((r) => r.url().includes(`/catalogues/${largest.id}/items?`) && r.url().includes('offset=25'));
    await navigateInApp(page, `/catalogues/${largest.id}`);
    await content(page).getByText(`Total: ${largest.total}`).waitFor();
    await secondPage;
    await page.waitForFunction(() => {
      const body = document.querySelector<HTMLElement>('#portal-content .ant-table-tbody-virtual-holder');
      return body !== null && body.clientHeight > 1000 && body.scrollHeight > body.clientHeight + 5;
    });
    if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'catalogue-tall-screen-filled.png') });
    lap('tall screen filled');
    console.log(laps.join('\n'));
  });
});
