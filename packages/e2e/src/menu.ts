/**
 * antd dropdown menus, picked the way a user does and robust on a loaded machine: a trigger clicked while the
 * previous menu is still closing only toggles that one, and an entry clicked during the opening motion may be
 * missed, so each step waits for the menu's state first.
 */
import type { Locator, Page } from 'playwright-core';

/** No dropdown menu is open or still animating shut. */
async function noMenuOpen(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('.ant-dropdown')].some(
        (menu) => !menu.classList.contains('ant-dropdown-hidden') && menu.getBoundingClientRect().height > 0,
      ),
  );
}

/** An open dropdown menu that finished its opening motion. */
async function menuSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)')].some(
      (menu) => !/-(enter|appear|leave)/.test(menu.className) && menu.getBoundingClientRect().height > 0,
    ),
  );
}

/** Opens the dropdown of `trigger` and picks its entry named `entry`. */
export async function pickMenuEntry(page: Page, trigger: Locator, entry: string): Promise<void> {
  await noMenuOpen(page);
  await trigger.click();
  await menuSettled(page);
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: entry }).click();
}
