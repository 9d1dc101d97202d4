/**
 * Layout in Chromium at 1366 and 1920 px wide, on the demo data: the generic list's columns (the Date column, the
 * last header) are never left behind the fixed row-action column, headers are not cut, the last row stays above
 * the horizontal scrollbar, Total counts the whole list beside Filtered; and the Arabic interface is right to
 * left, its charts mirrored and the ID script's code left to right. E2E_SCREENSHOTS=<folder> keeps a screenshot of
 * each page looked at.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { navigateInApp, openBrowser, login, useBrowser, type PortalBrowser } from '../src';
import { content, until } from '../src/listPage';
import { apiSignIn, routeParams } from '../src/portalRoutes';

const browser = useBrowser({ signedIn: 'admin', perFile: true });
let params: Record<string, string>;
beforeAll(async () => {
  params = await routeParams(await apiSignIn('admin'));
});

interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface TableGeometry {
  table: Box;
  /** Header cells but the selection column, in order; `fixed` is the sticky row-action column. */
  headers: Array<Box & { fixed: boolean; cut: boolean }>;
  lastRowBottom: number | null;
  /** The virtual table's horizontal scrollbar, when the columns do not fit. */
  scrollbarTop: number | null;
}

/** The table's geometry, or null while the page shows no table yet (it renders once its width is measured). */
function tableGeometry(page: Page): Promise<TableGeometry | null> {
  return page.evaluate(() => {
    const root = document.querySelector('#portal-content')!;
    const table = root.querySelector('.ant-table');
    if (!table) return null;
    const box = (el: Element, text = '') => {
      const r = el.getBoundingClientRect();
      return { text, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const headers = [...root.querySelectorAll<HTMLElement>('.ant-table-thead th.ant-table-cell')]
      .filter((th) => !th.classList.contains('ant-table-selection-column') && !th.classList.contains('ant-table-cell-scrollbar'))
      .map((th) => {
        const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
        return {
          ...box(th, (th.textContent ?? '').trim()),
          fixed: getComputedStyle(th).position === 'sticky',
          cut: title.scrollWidth > title.clientWidth + 1,
        };
      });
    const rows = [...root.querySelectorAll('.ant-table-tbody-virtual .ant-table-row')].map((tr) => tr.getBoundingClientRect().bottom);
    const scrollbar = root.querySelector('.ant-table-tbody-virtual-scrollbar-horizontal');
    const scrollbarBox = scrollbar?.getBoundingClientRect();
    return {
      table: box(table),
      headers,
      lastRowBottom: rows.length ? Math.max(...rows) : null,
      scrollbarTop: scrollbarBox && scrollbarBox.width > 0 ? scrollbarBox.top : null,
    };
  });
}

/**
 * The geometry once the table has settled: shown with its rows, and two reads alike (the widths follow the table's
 * measured width).
 */
async function settled(page: Page): Promise<TableGeometry> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const geometry = await tableGeometry(page);
    const seen = JSON.stringify(geometry);
    if (geometry !== null && geometry.lastRowBottom !== null && seen === last) return geometry;
    last = seen;
    await page.waitForTimeout(200);
  }
  throw new Error(`the table kept moving: ${last}`);
}

/** Scrolls the rows sideways to their end (the virtual table scrolls on the wheel). */
async function scrollToEnd(page: Page): Promise<TableGeometry> {
  const body = content(page).locator('.ant-table-tbody-virtual-holder').first();
  const at = (await body.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + 20);
  await page.mouse.wheel(10_000, 0);
  return settled(page);
}

const header = (geometry: TableGeometry, text: string) => {
  const found = geometry.headers.find((h) => h.text === text);
  if (!found) throw new Error(`no column ${text} in ${geometry.headers.map((h) => h.text).join(', ')}`);
  return found;
};

/** Left of the fixed row-action column, or the table's right edge when there is none. */
const visibleRight = (geometry: TableGeometry) => geometry.headers.find((h) => h.fixed)?.left ?? geometry.table.right;

/** The header lies whole within the table and clear of the fixed column, its title not cut. */
function expectVisible(geometry: TableGeometry, text: string): void {
  const h = header(geometry, text);
  expect({ text, left: h.left >= geometry.table.left - 1, right: h.right <= visibleRight(geometry) + 1, cut: h.cut }).toEqual({
    text,
    left: true,
    right: true,
    cut: false,
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `${name}.png`) });
}

/**
 * Opens a list page and waits for its rows. The page shown before is marked first: the route changes a moment after
 * the URL, and that page's rows are not the new page's.
 */
async function openList(page: Page, url: string): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('#portal-content .portal-page').forEach((left) => left.setAttribute('data-e2e-left', '')));
  await navigateInApp(page, url);
  await content(page).locator('.portal-page:not([data-e2e-left]) .ant-table-row').first().waitFor({ timeout: 60_000 });
}

/** Searches a column through its header's search box; answers once the Filtered tag shows. */
async function search(page: Page, column: string, text: string): Promise<void> {
  await content(page).locator('.ant-table-thead th').filter({ hasText: column }).locator('.ant-table-filter-trigger').click();
  const box = page.getByRole('textbox', { name: `Search ${column}` });
  await box.fill(text);
  await box.press('Enter');
  await content(page).locator('.ant-tag').filter({ hasText: 'Filtered:' }).waitFor();
}

describe.each([1366, 1920])('tables at %i px wide', (width) => {
  beforeAll(async () => {
    await browser.page.setViewportSize({ width, height: 900 });
  });

  it("a section's items: Date and the last column clear of the row actions, the last row above the scrollbar, Total beside Filtered", async () => {
    const { page } = browser;
    await openList(page, `/inventories/${params.inventoryGroupId}/sections/${params.inventoryId}`);
    const codeColumn = (await settled(page)).headers[0].text;
    const total = (await content(page)
      .getByText(/^Total: \d+$/)
      .textContent())!;
    // Ten codes at most (the first one's but its last digit): every row in view, none to scroll to.
    const code = (await content(page).locator('.ant-table-row').first().locator('.ant-table-cell').nth(1).textContent())!.trim();
    await search(page, codeColumn, `/^${code.slice(0, -1)}[0-9]$/`);
    // Total still counts the whole section; Filtered what the search matches.
    await until(
      async () =>
        (await content(page)
          .getByText(/^Total: \d+$/)
          .textContent()) ?? '',
      total,
    );
    const filtered = Number((await content(page).locator('.ant-tag').filter({ hasText: 'Filtered:' }).textContent())!.replace(/\D/g, ''));
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(Number(total.replace(/\D/g, '')));
    // Every matching row is drawn (no more than ten: no vertical scrolling).
    await until(async () => content(page).locator('.ant-table-tbody-virtual .ant-table-row').count(), filtered);

    const first = await settled(page);
    await screenshot(page, `items-${width}`);
    // At 1920 the columns give up width so that Date shows without scrolling (it was behind the row actions).
    if (width === 1920) expectVisible(first, 'Date');
    const end = await scrollToEnd(page);
    expectVisible(end, 'Date');
    expectVisible(end, end.headers.filter((h) => !h.fixed).at(-1)!.text);
    if (end.scrollbarTop !== null) expect(end.lastRowBottom!).toBeLessThanOrEqual(end.scrollbarTop + 0.5);
    if (width === 1366) expect(end.scrollbarTop).not.toBeNull(); // the section's fields do not fit at 1366
  });

  it('Additional Operations: every header whole, Attach Data clear of the row actions', async () => {
    const { page } = browser;
    await openList(page, `/inventories/${params.inventoryGroupId}/additionalOperations`);
    const geometry = await settled(page);
    await screenshot(page, `operations-${width}`);
    for (const title of ['Name', 'URL', 'Method', 'Params', 'Attach Data']) expectVisible(geometry, title);
    if (geometry.scrollbarTop !== null) expect(geometry.lastRowBottom!).toBeLessThanOrEqual(geometry.scrollbarTop + 0.5);
  });

  it("Compare's Exceeded list: its Date, Section and Found in columns can be seen whole", async () => {
    const { page } = browser;
    await navigateInApp(page, `/catalogues/${params.catalogueId}/compare`);
    await content(page).getByTestId('compare-exceeded').click();
    await content(page).locator('.ant-table-thead th').filter({ hasText: 'Found in' }).waitFor();
    await content(page).locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    const end = await scrollToEnd(page);
    await screenshot(page, `compare-${width}`);
    for (const title of ['Date', 'Section', 'Found in']) expectVisible(end, title);
  });
});

describe('Arabic', () => {
  let arabic: PortalBrowser | undefined;
  afterAll(async () => {
    await arabic?.close();
  });

  it('the page is right to left and the counters chart mirrored: its value axis on the right', async () => {
    arabic = await openBrowser('ar');
    const { page } = arabic;
    await page.setViewportSize({ width: 1366, height: 900 });
    await login(page, 'admin');
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    await navigateInApp(page, '/counters');
    const chart = content(page).locator('.highcharts-container').first();
    await chart.locator('.highcharts-yaxis-labels text').first().waitFor({ timeout: 60_000 });
    await content(page).locator('[data-testid="summary-card"] bdi').first().waitFor();
    await screenshot(page, 'counters-ar-1366');
    // The summary's title reads region then period, right to left: each part whole, the region on the right.
    const [region, period] = await content(page)
      .locator('[data-testid="summary-card"]')
      .first()
      .locator('bdi')
      .evaluateAll((parts) => parts.map((part) => part.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    expect(period.right).toBeLessThanOrEqual(region.left);
    // The chart is drawn again as the counters arrive: its value labels end up right of the plot.
    await until(async () => {
      const plot = (await chart.locator('.highcharts-plot-background').boundingBox())!;
      const labels = (await chart.locator('.highcharts-yaxis-labels').boundingBox())!;
      return labels.x >= plot.x + plot.width - 1;
    }, true);
    // Highcharts' hidden screen-reader texts are Arabic too.
    const hidden = await content(page).locator('[id^="highcharts-screen-reader-region-before"]').first().textContent();
    expect(hidden).toContain('مخطط خطي');
    expect(hidden).not.toContain('chart with');
    await openList(page, `/inventories/${params.inventoryGroupId}/sections/${params.inventoryId}`);
    await screenshot(page, 'items-ar-1366');
  });

  it("the dashboard's horizontal bars grow leftwards from their labels on the right", async () => {
    const { page } = arabic!;
    await navigateInApp(page, '/dashboard');
    const chart = content(page)
      .locator('.highcharts-container')
      .filter({ has: page.locator('.highcharts-bar-series') })
      .first();
    await chart.locator('.highcharts-xaxis-labels text').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'dashboard-ar-1366');
    await until(async () => {
      const plot = (await chart.locator('.highcharts-plot-background').boundingBox())!;
      const labels = (await chart.locator('.highcharts-xaxis-labels').boundingBox())!;
      return labels.x >= plot.x + plot.width - 1;
    }, true);
  });

  it("an ID modification script's wrapper lines read 'function (id) {' left to right", async () => {
    const { page } = arabic!;
    await navigateInApp(page, '/idModifications');
    await content(page).locator('.cm-editor').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'idModifications-ar-1366');
    // Where the first and the last character are drawn: 'f' left of '{'.
    const [first, last] = await content(page)
      .getByText('function (id) {')
      .first()
      .evaluate((element) => {
        const text = [...element.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
        const at = (i: number) => {
          const r = document.createRange();
          r.setStart(text, i);
          r.setEnd(text, i + 1);
          return r.getBoundingClientRect().left;
        };
        return [at(0), at((text.textContent ?? '').length - 1)];
      });
    expect(last).toBeGreaterThan(first);
  });
});
