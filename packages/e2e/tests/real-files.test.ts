/**
 * Real files into a catalogue: in the Import modal a semicolon-separated Windows-1252
 * csv as a Spanish Excel writes it (the preview shows what was detected) and a LibreOffice .xlsx with date
 * cells; LibreOffice .xls and .ods through the same calls the modal makes (upload, readFile, import). The
 * stored items are checked through the API (dates in the librarian's date format). The files are the
 * server's reader fixtures (packages/server/src/lists/files/fixtures).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { login, portalUrl, REPO_ROOT, useBrowser, waitForContentTitle } from '../src';
import { choose, content, openModal } from '../src/listPage';

const FIXTURES = path.join(REPO_ROOT, 'packages/server/src/lists/files/fixtures');

const browser = useBrowser();

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(portalUrl(url), {
    method,
    headers: { 'x-access-token': token, connection: 'close', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(): Promise<{ token: string; storeId: number }> {
  const res = await fetch(portalUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userName: 'librarian', password: 'librarian' }),
  });
  const { token, settings } = (await res.json()) as { token: string; settings: { selectedStoreId: number } };
  return { token, storeId: settings.selectedStoreId };
}

/** A date as the export format writes it (the tokens the demo formats use). */
const formatDay = (iso: string, pattern: string) => {
  const [y, m, d] = iso.split('-');
  return pattern.replace(
    /\[([^\]]*)\]|YYYY|MM|DD|HH|mm|ss/g,
    (t, literal: string | undefined) => literal ?? ({ YYYY: y, MM: m, DD: d, HH: '00', mm: '00', ss: '00' } as Record<string, string>)[t],
  );
};

/** Uploads a fixture in the Import modal and waits for its preview. */
async function openImport(page: Page, file: string): Promise<Locator> {
  await content(page).getByRole('button', { name: 'Import' }).click();
  const modal = await openModal(page, 'Import');
  await modal.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, file));
  await modal.getByText(file).waitFor();
  return modal;
}

async function importAndClose(modal: Locator, expected: string): Promise<void> {
  await modal.getByRole('button', { name: 'Import' }).click();
  await modal.getByText(expected).waitFor({ timeout: 60_000 });
  await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('real files', () => {
  it('imports a Spanish Excel csv (semicolon, Windows-1252) and LibreOffice xlsx, xls and ods with dates into a catalogue', async () => {
    const { page } = browser;
    const started = Date.now();
    const { token, storeId } = await signIn();
    const { dateFormat } = await api<{ dateFormat: string }>(token, 'GET', '/api/format');
    const name = `E2E real files ${Date.now().toString(36)}`;
    const { tid } = await api<{ tid: number }>(token, 'POST', `/api/stores/${storeId}/catalogues`, { name });
    // The mapping offers the library's own labels of the fields.
    const { items: libraries } = await api<{ items: Array<{ tid: number; fieldCode: string; fieldObjectId: string; field1: string; field2: string }> }>(
      token,
      'GET',
      '/api/stores?limit=100',
    );
    const labels = libraries.find((l) => l.tid === storeId)!;

    await login(page, 'librarian');
    // Straight to the catalogue: its remote is the first one the page loads.
    await page.goto(portalUrl(`/catalogues/${tid}`));
    await waitForContentTitle(page, name);
    await content(page).getByText('Total: 0').waitFor();

    // 1. The csv: the preview says what was detected and shows the columns with their accents.
    const csv = await openImport(page, 'spanish-excel-1252.csv');
    expect(await csv.getByTestId('text-layout').textContent()).toContain('Windows-1252 (Latin-1)');
    expect(await csv.getByTestId('text-layout').textContent()).toContain('Semicolon');
    await csv.getByRole('cell', { name: 'Niño, el pingüino' }).waitFor();
    await choose(page, csv, 'Field of column 1', labels.fieldCode);
    await choose(page, csv, 'Field of column 2', labels.fieldObjectId);
    await choose(page, csv, 'Field of column 3', labels.field1);
    await choose(page, csv, 'Field of column 4', labels.field2);
    await importAndClose(csv, '3 of 3 items imported');
    console.log(`csv imported after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await content(page).getByText('Total: 3').waitFor();

    // 2. A LibreOffice xlsx: headers name code and objectId (mapped at once); the dates are date cells.
    const xlsx = await openImport(page, 'libreoffice-dates.xlsx');
    await xlsx
      .getByRole('cell', { name: formatDay('2024-01-01', dateFormat) })
      .first()
      .waitFor();
    await choose(page, xlsx, 'Field of column 3', labels.field1);
    await choose(page, xlsx, 'Field of column 4', labels.field2);
    await importAndClose(xlsx, '2 of 2 items imported');
    await content(page).getByText('Total: 5').waitFor();

    // 3. .xls and .ods through the modal's calls.
    for (const file of ['libreoffice-dates.xls', 'libreoffice-dates.ods']) {
      const form = new FormData();
      form.append('file', new Blob([readFileSync(path.join(FIXTURES, file))]), file);
      const res = await fetch(portalUrl('/api/misc/upload'), { method: 'POST', headers: { 'x-access-token': token, connection: 'close' }, body: form });
      const { file: fileName, format } = (await res.json()) as { file: string; format: string };
      expect(format).toBe(path.extname(file).slice(1));
      const [sheet] = await api<Array<{ data: unknown[][] }>>(token, 'POST', '/api/misc/readFile', { fileName, format: { firstRowHeader: true, dateFormat } });
      expect(sheet.data[1]).toEqual([expect.stringMatching(/^[XO]001$/), 'OBJ1', 'Título uno', formatDay('2024-01-01', dateFormat)]);
      const result = await api(token, 'POST', `/api/stores/${storeId}/catalogues/${tid}/import`, {
        fileName,
        fields: [{ code: 0, objectId: 1, field1: 2, field2: 3 }],
        sheetIndex: null,
      });
      expect(result).toEqual({ numItems: 2, numItemsInserted: 2 });
    }

    // 4. What was stored.
    const { items } = await api<{ items: Array<Record<string, string | null>> }>(
      token,
      'GET',
      `/api/stores/${storeId}/catalogues/${tid}/items?order=code,asc&limit=50`,
    );
    const day = (iso: string) => formatDay(iso, dateFormat);
    expect(items.map((i) => [i.code, i.objectId, i.field1, i.field2])).toEqual([
      ['D001', 'OBJ1', 'Título uno', day('2024-01-01')],
      ['D002', 'OBJ2', 'Título dos', day('2023-12-31')],
      ['ES001', 'OBJ-1', 'Canción de cuna; nana', '2024-01-01'],
      ['ES002', 'OBJ-2', 'Niño, el pingüino', '15/03/2024'],
      ['ES003', null, 'Añoranza', '31/12/2023'],
      ['O001', 'OBJ1', 'Título uno', day('2024-01-01')],
      ['O002', 'OBJ2', 'Título dos', day('2023-12-31')],
      ['X001', 'OBJ1', 'Título uno', day('2024-01-01')],
      ['X002', 'OBJ2', 'Título dos', day('2023-12-31')],
    ]);
  });
});
