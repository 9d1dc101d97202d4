import { login, logoutViaMenu, navigateInApp, portalUrl, sidebarPaths, submitLogin, useBrowser, waitForContentTitle, type DemoUser } from '../src';

const browser = useBrowser();

/** The sidebar per user (access-shell-dashboard §6): the registry's entries filtered by permission. */
const PERMITTED_MENU: Partial<Record<DemoUser, string[]>> = {
  admin: [
    '/alarms',
    '/catalogues',
    '/counters',
    '/dashboard',
    '/devices',
    '/idModifications',
    '/imagesets',
    '/inventories',
    '/itemEvents',
    '/searchLists',
    '/sipOperations',
    '/stores',
    '/users',
  ],
  manager: ['/dashboard', '/stores'],
  librarian: ['/catalogues', '/dashboard', '/idModifications', '/inventories', '/itemEvents', '/searchLists', '/stores'],
};

describe('sign-in and the permitted menu', () => {
  it.each(Object.entries(PERMITTED_MENU))('%s sees exactly the permitted menu', async (user, menu) => {
    await login(browser.page, user as DemoUser);
    expect(await sidebarPaths(browser.page)).toEqual(menu);
  });

  it('never registers the remotes of routes a manager may not see', async () => {
    const { page, requests } = browser;
    await login(page, 'manager');
    await waitForContentTitle(page, 'Dashboard');
    await navigateInApp(page, '/inventories/3/sections');
    await page.waitForURL(/\/dashboard$/);
    await navigateInApp(page, '/users');
    await page.waitForURL(/\/dashboard$/);
    await navigateInApp(page, '/stores');
    await waitForContentTitle(page, 'Libraries');
    const remotesLoaded = new Set(requests.map((url) => /\/remotes\/(mf-[a-z]+)\//.exec(url)?.[1]).filter(Boolean));
    expect([...remotesLoaded].sort()).toEqual(['mf-dashboard', 'mf-settings']);
  });

  it('refuses a user without the manager permission', async () => {
    const { page } = browser;
    await page.goto(portalUrl('/auth/login'));
    await submitLogin(page, 'viewer');
    await page.getByText('You do not have privileges to access this application').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});

describe('a quiet console', () => {
  it('signed in without an avatar, the pages log no error or warning and no request fails (no avatar or /favicon.ico 404)', async () => {
    const { page, context } = browser;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
    });
    context.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await login(page, 'admin');
    await waitForContentTitle(page, 'Dashboard');
    for (const [path, title] of [
      ['/catalogues', 'Catalogues'],
      ['/counters', 'Counters'],
      ['/profile', 'Profile'],
    ] as const) {
      await navigateInApp(page, path);
      await waitForContentTitle(page, title);
      // The counters chart is drawn (Highcharts warns, if at all, as it draws).
      if (path === '/counters') await page.locator('#portal-content .highcharts-container').waitFor();
    }
    await page.waitForLoadState('networkidle');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(problems).toEqual([]);
  });
});

describe('signed out', () => {
  it('logout asks for confirmation and lands on the login page; the remote is gone', async () => {
    const { page } = browser;
    await login(page, 'admin');
    await waitForContentTitle(page, 'Dashboard');
    await logoutViaMenu(page);
    expect(await page.locator('#portal-content').count()).toBe(0);
    await page.goto(portalUrl('/dashboard'));
    await page.waitForURL(/\/auth\/login$/);
  });

  it('keeps the header on one line on a small screen (1024 × 700, the library dropdown shown), all of it on screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1024, height: 700 });
    await login(page, 'admin');
    await navigateInApp(page, '/catalogues');
    await waitForContentTitle(page, 'Catalogues');
    const box = async (selector: string) => {
      const found = await page.locator('.ant-layout-header').locator(selector).first().boundingBox();
      if (!found) throw new Error(`no ${selector} in the header`);
      return found;
    };
    const header = await box(':scope');
    const name = await box('button:has-text("Ana Administradora") .ant-typography');
    const library = await box('button:has-text("Biblioteca")');
    const language = await box('.anticon-global');
    expect(name.height).toBeLessThan(30); // one line (it wrapped into four, 82 px, over the header's edge)
    expect(name.y).toBeGreaterThanOrEqual(header.y);
    expect(name.y + name.height).toBeLessThanOrEqual(header.y + header.height);
    expect(name.x + name.width).toBeLessThanOrEqual(1024); // nothing pushed off the screen
    expect(library.x + library.width).toBeLessThanOrEqual(language.x); // the library's name gives way
    expect(library.height).toBeLessThan(40);
  });

  it.each(['/', '/dashboard', '/inventories/1/sections', '/users', '/no/such/page'])('a visit to %s lands on /auth/login', async (path) => {
    const { page } = browser;
    await page.goto(portalUrl(path));
    await page.waitForURL(/\/auth\/login$/);
    await page.locator('#login_userName').waitFor();
  });
});
