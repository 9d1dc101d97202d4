import { login, openBrowser, portalUrl, waitForContentTitle, type PortalBrowser } from '../src';

let browser: PortalBrowser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  if (browser.errors.length) console.log(`page errors:\n${browser.errors.join('\n')}`);
  await browser.close();
});

describe('remotes inside the shell', () => {
  it('mounts the dashboard remote into the content area after sign-in', async () => {
    const { page, requests } = browser;
    await login(page, 'admin');
    await waitForContentTitle(page, 'Dashboard');
    expect(requests.some((url) => url.endsWith('/remotes/mf-dashboard/mf-manifest.json'))).toBe(true);
    expect(requests.some((url) => url === portalUrl('/registry.json'))).toBe(true);
  });
});
