import { openBrowser, portalUrl, type PortalBrowser } from '../src';

let browser: PortalBrowser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  if (browser.errors.length) console.log(`page errors:\n${browser.errors.join('\n')}`);
  await browser.close();
});

describe('public entry (/capacities/…)', () => {
  it.each([
    ['/capacities/some-token', 'Occupancy'],
    ['/capacities/some-token/BIB-001/ca', 'Entry control'],
  ])('%s loads only mf-public code: no shell, no login, no other remote', async (path, title) => {
    const { page, requests } = browser;
    await page.goto(portalUrl(path));
    await page.getByRole('heading', { name: title }).waitFor();
    await page.waitForLoadState('networkidle');

    const origin = new URL(portalUrl()).origin;
    const own = requests.filter((url) => url.startsWith(origin)).map((url) => new URL(url).pathname);
    const code = own.filter((pathname) => !pathname.startsWith('/api/') && pathname !== path);
    expect(code.length).toBeGreaterThan(0);
    expect(code.filter((pathname) => !pathname.startsWith('/remotes/mf-public/'))).toEqual([]);
    expect(code).not.toContain('/remotes/mf-public/mf-manifest.json');
    expect(await page.locator('#login_userName, .ant-layout-sider, #portal-content').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(path);
  });
});
