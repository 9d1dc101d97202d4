import type { Page } from 'playwright-core';
import { confirmDialog } from './dialog';
import { pickMenuEntry } from './menu';

/** The portal under test (set by globalSetup, or PORTAL_E2E_URL for an already running one). */
export function portalUrl(path = ''): string {
  const base = process.env.PORTAL_E2E_URL;
  if (!base) throw new Error('PORTAL_E2E_URL is not set: run through packages/e2e/jest.config.js');
  return `${base.replace(/\/$/, '')}${path}`;
}

export const DEMO_USERS = ['admin', 'supervisor', 'manager', 'librarian', 'viewer'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Fills the login form (demo accounts: password = user name) and submits it. */
export async function submitLogin(page: Page, user: DemoUser): Promise<void> {
  if (!page.url().includes('/auth/login')) await page.goto(portalUrl('/auth/login'));
  await page.locator('#login_userName').fill(user);
  await page.locator('#login_password').fill(user);
  await page.locator('button[type="submit"]').click();
}

/** Signs in and waits for the dashboard with its sidebar. */
export async function login(page: Page, user: DemoUser): Promise<void> {
  await submitLogin(page, user);
  await page.waitForURL(/\/dashboard$/);
  await page.locator('.ant-layout-sider .ant-menu-item').first().waitFor();
}

/** The paths of every sidebar entry, every group opened first (closed groups do not render their entries). */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const sider = page.locator('.ant-layout-sider');
  const closed = sider.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let guard = 0; guard < 10 && (await closed.count()) > 0; guard++) {
    await closed.first().click();
  }
  const ids = await sider.locator('li.ant-menu-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-menu-id') ?? ''));
  return ids.map((id) => /-(\/[^-]*)$/.exec(id)?.[1] ?? id).sort();
}

/** Navigates inside the single-page app (like a menu click: no page load). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The page title a remote renders in its PageFrame (the page's h1), inside the content area. */
export function contentTitle(page: Page) {
  return page.locator('#portal-content .portal-page h1');
}

/** Waits until the content area shows a page with this title. */
export async function waitForContentTitle(page: Page, title: string, timeout = 30_000): Promise<void> {
  await contentTitle(page).filter({ hasText: title }).first().waitFor({ state: 'visible', timeout });
}

/** Logout through the avatar menu and its confirmation (spec: 'Are you sure you want to logout?'). */
export async function logoutViaMenu(page: Page): Promise<void> {
  await pickMenuEntry(page, page.getByRole('button', { name: 'User menu' }), 'Logout');
  const dialog = await confirmDialog(page, 'Are you sure you want to logout?');
  await dialog.getByText('You will be redirected to the login page').waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/\/auth\/login$/);
}
