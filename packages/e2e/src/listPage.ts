/**
 * Helpers for the generic list screen and its dialogs in the content area (data-areas §2): rows and column
 * titles as shown, the "More actions" menu, modals by title, antd selects, and polling until a value is reached.
 */
import type { Locator, Page } from 'playwright-core';
import { dialogSettled } from './dialog';
import { pickMenuEntry } from './menu';

export { confirmDialog, openModal } from './dialog';

export const content = (page: Page): Locator => page.locator('#portal-content');

/** The list's column titles, in order (selection, actions and scrollbar columns left out). */
export async function columnTitles(page: Page): Promise<string[]> {
  const ths = content(page).locator('.ant-table-thead th.ant-table-cell');
  const titles = await ths.evaluateAll((cells) =>
    cells.map((c) =>
      c.classList.contains('ant-table-selection-column') || c.classList.contains('ant-table-cell-scrollbar') ? null : (c.textContent ?? '').trim(),
    ),
  );
  return titles.filter((t): t is string => t !== null && t !== '');
}

/** The rows on screen as column title → cell text (the virtual table renders every row of a short list). */
export async function listRows(page: Page): Promise<Array<Record<string, string>>> {
  const headers = await content(page)
    .locator('.ant-table-thead th.ant-table-cell')
    .evaluateAll((cells) =>
      cells
        .filter((c) => !c.classList.contains('ant-table-cell-scrollbar'))
        .map((c) => (c.classList.contains('ant-table-selection-column') ? '' : (c.textContent ?? '').trim())),
    );
  const rows = await content(page)
    .locator('.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('.ant-table-cell')].map((td) => (td.textContent ?? '').trim())));
  return rows.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''] as const).filter(([h]) => h !== '')));
}

/** Polls until read() equals wanted (deep), failing with the last value seen. */
export async function until<T>(read: () => Promise<T>, wanted: T, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read().catch(() => undefined);
    if (JSON.stringify(last) === JSON.stringify(wanted)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(last).toEqual(wanted);
}

/**
 * Opens an antd Select (its combobox `box`) and answers its own dropdown, shown and done with its opening motion.
 * Its own, through the list the box controls while open: the last dropdown on the page may be the previous
 * select's, still closing (a click there left this one open over the dialog's buttons; its options read empty).
 */
export async function openDropdown(page: Page, box: Locator): Promise<Locator> {
  await box.click();
  await box.and(page.locator('[aria-controls]')).waitFor();
  const list = await box.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  await dialogSettled(dropdown);
  return dropdown;
}

/** Picks an option of an antd Select (found by its accessible name) from its open dropdown. */
export async function choose(page: Page, scope: Locator, selectName: string, option: string): Promise<void> {
  const dropdown = await openDropdown(page, scope.getByRole('combobox', { name: selectName }));
  await dropdown.locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** Opens an entry of the list's "More actions" menu. */
export async function listMenu(page: Page, entry: string): Promise<void> {
  await pickMenuEntry(page, content(page).getByRole('button', { name: 'More actions' }), entry);
}
