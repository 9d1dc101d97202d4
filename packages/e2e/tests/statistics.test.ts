/**
 * Counters and alarms on the demo data, in Chromium against the built portal (data-areas §2 Counters
 * statistics and Alarms): three intervals, week type, move left, zoom changes the summary, the chart saved
 * as a 1280x720 image at 4x, the Excel export read back; alarm counts equal the API's, delete one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { downloadOf, login, navigateInApp, portalUrl, useBrowser, useWorkDir, waitForContentTitle } from '../src';
import { confirmDialog, until } from '../src/listPage';

const browser = useBrowser();
const work = useWorkDir('statistics');

async function apiToken(user: string): Promise<string> {
  const res = await fetch(portalUrl('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ userName: user, password: user }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function api<T>(token: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(portalUrl(pathAndQuery), { headers: { 'x-access-token': token, connection: 'close' } });
  if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status}`);
  return (await res.json()) as T;
}

/** Waits until read() differs from `before`; answers the new value. */
async function changed(read: () => Promise<string>, before: string, timeout = 60_000): Promise<string> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const last = await read().catch(() => before);
    if (last !== before) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`still "${before}"`);
}

const content = (page: Page) => page.locator('#portal-content');
const cards = (page: Page) => content(page).locator('[role="group"][aria-label^="Interval "]');
const summaryTexts = (page: Page) =>
  content(page)
    .locator('[data-testid="summary-card"]')
    .allInnerTexts()
    .then((t) => t.join(' | '));

async function choose(page: Page, label: string, option: string): Promise<void> {
  await content(page).getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().getByTitle(option, { exact: true }).click();
}

/**
 * Runs an action that reloads the counters, waits for the statistics answer, then until the page shows it: no
 * spinner and a Total In figure on every summary card (a card without its interval's records shows '-').
 */
async function reloaded(page: Page, action: () => Promise<unknown>): Promise<void> {
  const answer = page.waitForResponse((r) => /\/api\/records\/group-/.test(r.url()), { timeout: 60_000 });
  await action();
  await answer;
  await page.waitForFunction(
    () => {
      const root = document.querySelector('#portal-content');
      if (!root || root.querySelector('.ant-spin-spinning')) return false;
      const cards = [...root.querySelectorAll('[data-testid="summary-card"]')];
      return cards.length > 0 && cards.every((card) => (card.querySelector('.ant-statistic-content-value')?.textContent ?? '-').trim() !== '-');
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** Per shared library, the copies loaded in any Module Federation instance (`from@version`, deduplicated). */
async function loadedCopies(page: Page, keys: string[]): Promise<Record<string, string[]>> {
  return page.evaluate((names) => {
    type Share = { from: string; loaded?: boolean; lib?: unknown };
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, { default: Record<string, Record<string, Share>> }> } })
      .__FEDERATION__;
    return Object.fromEntries(
      names.map((key) => {
        const copies = new Set<string>();
        for (const scopes of Object.values(federation.__SHARE__)) {
          for (const [version, share] of Object.entries(scopes.default[key] ?? {})) if (share.loaded || share.lib) copies.add(`${share.from}@${version}`);
        }
        return [key, [...copies]];
      }),
    );
  }, keys);
}

/** Width and height of a PNG (IHDR). */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('counters', () => {
  it('compares three weeks, zooms, saves the image and exports Excel', async () => {
    const { page } = browser;
    await login(page, 'supervisor');
    // The dashboard's charts load Highcharts first; the counters must reuse that one copy.
    await content(page).locator('.highcharts-container').first().waitFor({ timeout: 90_000 });
    await navigateInApp(page, '/counters');
    await waitForContentTitle(page, 'Counters', 90_000);
    await content(page).locator('.highcharts-container').waitFor({ timeout: 60_000 });
    expect(await loadedCopies(page, ['highcharts', 'highcharts-react-official'])).toEqual({
      highcharts: [expect.stringMatching(/@13\./)],
      'highcharts-react-official': [expect.stringMatching(/@3\./)],
    });
    await content(page).locator('[data-testid="summary-card"]').first().waitFor();

    const add = content(page).getByRole('button', { name: 'Add interval' });
    await reloaded(page, () => add.click());
    await reloaded(page, () => add.click());
    await until(() => cards(page).count(), 3);
    await until(() => content(page).locator('[data-testid="summary-card"]').count(), 3);

    // Week: each interval becomes the week of its day (the three days of this week fall in one or two weeks).
    const daily = await summaryTexts(page);
    await reloaded(page, () => choose(page, 'Interval type', 'Weekly'));
    const weekly = await changed(() => summaryTexts(page), daily);
    const firstDate = () => cards(page).first().locator('input').last().inputValue();
    const weekBefore = await firstDate();
    await reloaded(page, () => content(page).getByRole('button', { name: 'Move left' }).click());
    await changed(firstDate, weekBefore);
    const movedLeft = await changed(() => summaryTexts(page), weekly);

    // Zoom on, then drag over the middle of the plot: the summary covers the zoomed days only.
    await content(page).getByRole('button', { name: 'Zoom on' }).click();
    const plot = await content(page).locator('.highcharts-plot-background').boundingBox();
    if (!plot) throw new Error('no plot area');
    await page.mouse.move(plot.x + plot.width * 0.3, plot.y + plot.height / 2);
    await page.mouse.down();
    await page.mouse.move(plot.x + plot.width * 0.5, plot.y + plot.height / 2, { steps: 8 });
    await page.mouse.move(plot.x + plot.width * 0.7, plot.y + plot.height / 2, { steps: 8 });
    await page.mouse.up();
    const zoomed = await changed(() => summaryTexts(page), movedLeft);
    const totalIn = (text: string) => Number(/Total In\s*([\d.,]+)/.exec(text)?.[1].replace(/[.,]/g, '') ?? NaN);
    expect(totalIn(zoomed)).toBeLessThan(totalIn(movedLeft));
    await content(page).getByRole('button', { name: 'Reset zoom' }).click();
    await changed(() => summaryTexts(page), zoomed);

    // Save image: drawn in the browser (Highcharts' local export), 1280x720 at 4x.
    const image = await downloadOf(page, () => content(page).getByRole('button', { name: 'Save image' }).click());
    const imageFile = path.join(work.dir, image.suggestedFilename());
    await image.saveAs(imageFile);
    expect(imageFile).toMatch(/\.png$/);
    expect(pngSize(imageFile)).toEqual([1280 * 4, 720 * 4]);

    // Export: a sheet per interval, the week by day.
    await content(page).getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('File name').fill('visitas');
    const file = await downloadOf(page, () => dialog.getByRole('button', { name: 'Export' }).click());
    expect(file.suggestedFilename()).toBe('visitas.xlsx');
    const target = path.join(work.dir, file.suggestedFilename());
    await file.saveAs(target);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(target);
    expect(book.worksheets).toHaveLength(3);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Date');
    expect(sheet.getRow(1).getCell(2).value).toBe('Total in');
    expect(sheet.rowCount).toBe(1 + 7);
    const sheetTotal = Array.from({ length: 7 }, (_, i) => Number(sheet.getRow(i + 2).getCell(2).value)).reduce((a, b) => a + b, 0);
    expect(sheetTotal).toBe(totalIn(movedLeft));
  }, 300_000); // Above the sum of its own waits, so a wait that runs out says which one (not jest's bare timeout).
});

describe('alarms', () => {
  it('shows the API counts and deletes one alarm', async () => {
    const { page } = browser;
    const token = await apiToken('supervisor');
    const counts = () => api<{ numAlarms: number; numAlarmsActivated: number; numAlarmsDeactivated: number }>(token, '/api/alarms/numAlarms');
    const before = await counts();
    await login(page, 'supervisor');
    await page.goto(portalUrl('/alarms'));
    await waitForContentTitle(page, 'Alarms', 90_000);
    const tags = content(page).locator('[data-testid="alarm-counts"]');
    await tags.waitFor({ timeout: 60_000 });
    const shown = (n: { numAlarms: number; numAlarmsActivated: number; numAlarmsDeactivated: number }) =>
      `Records: ${n.numAlarms} Activated: ${n.numAlarmsActivated} Deactivated: ${n.numAlarmsDeactivated}`;
    const tagText = async () => (await tags.innerText()).replace(/\s+/g, ' ').trim();
    await until(tagText, shown(before));

    // The default filter: activated alarms only, newest first.
    const first = content(page).locator('.ant-table-row').first();
    await first.waitFor();
    await until(async () => (await first.innerText()).includes('Yes'), true);
    await first.locator('input[type="checkbox"]').check();
    await content(page)
      .getByRole('button', { name: /Delete selected/ })
      .click();
    await (await confirmDialog(page, 'Are you sure you want to delete this element?')).getByRole('button', { name: 'Delete' }).click();
    const after = { ...before, numAlarms: before.numAlarms - 1, numAlarmsActivated: before.numAlarmsActivated - 1 };
    await until(tagText, shown(after));
    expect(await counts()).toEqual(after);
  });
});
