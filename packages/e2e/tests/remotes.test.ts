import { login, navigateInApp, sidebarPaths, submitLogin, useBrowser, waitForContentTitle } from '../src';

const browser = useBrowser();

/** One route of each remote the shell mounts, with the title its page frame shows (en-GB). */
const ROUTES = [
  ['/dashboard', 'Dashboard', 'mf-dashboard'],
  ['/inventories/7/sections', 'Inventory sections', 'mf-items'],
  ['/counters', 'Counters', 'mf-statistics'],
  ['/sipOperations', 'SIP Operations', 'mf-selfcheck'],
  ['/users', 'Users', 'mf-settings'],
] as const;

describe('remotes inside the shell', () => {
  it('mounts a route of every remote into the content area, each from its own manifest', async () => {
    const { page, requests } = browser;
    await login(page, 'admin');
    for (const [path, title, app] of ROUTES) {
      await navigateInApp(page, path);
      await waitForContentTitle(page, title);
      expect(requests.some((url) => new RegExp(`/remotes/${app}/\\d+\\.\\d+\\.\\d+[^/]*/mf-manifest\\.json$`).test(url))).toBe(true);
    }
    // single-spa keeps only the active remote mounted.
    expect(await page.locator('#portal-content .portal-page').count()).toBe(1);
  });

  it('opens a deep link of a remote directly (registry, then the remote) with a saved session', async () => {
    const { page } = browser;
    await login(page, 'admin');
    await page.goto(page.url().replace(/\/dashboard$/, '/catalogues/5/compare'));
    await waitForContentTitle(page, 'Compare');
  });

  it('shows an unavailable remote as an error with Retry in the content area only; the rest keeps working', async () => {
    const { page } = browser;
    const manifest = '**/remotes/mf-statistics/*/mf-manifest.json';
    await page.route(manifest, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
    await login(page, 'admin');

    await navigateInApp(page, '/counters');
    const failure = page.locator('#portal-content [data-remote-error="mf_statistics"]');
    await failure.getByText('Counters is not available right now').waitFor();
    const retry = failure.getByRole('button', { name: 'Retry' });
    await retry.waitFor();

    // Menu, header and the other remotes still work.
    await page.locator('.ant-layout-sider').getByText('Dashboard').click();
    await waitForContentTitle(page, 'Dashboard');
    expect(await failure.count()).toBe(0);
    await navigateInApp(page, '/users');
    await waitForContentTitle(page, 'Users');

    // Back on the broken remote, once it is reachable again Retry loads it.
    await navigateInApp(page, '/counters');
    await retry.waitFor();
    await page.unroute(manifest);
    await retry.click();
    await waitForContentTitle(page, 'Counters');
    expect(await failure.count()).toBe(0);
  });

  it('survives a registry that cannot be loaded: the shell stays up and Retry loads it', async () => {
    const { page } = browser;
    await page.route('**/registry.json', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
    await submitLogin(page, 'admin');
    await page.waitForURL(/\/dashboard$/);
    const banner = page.locator('[data-registry-error]');
    await banner.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await sidebarPaths(page)).toEqual([]);

    await page.unroute('**/registry.json');
    await banner.getByRole('button', { name: 'Retry' }).click();
    await waitForContentTitle(page, 'Dashboard');
    expect(await banner.count()).toBe(0);
    expect(await sidebarPaths(page)).toContain('/counters');
  });

  it('keeps a single copy of react, react-dom, antd, the router, the session store and the federation runtime on the page', async () => {
    const { page, context } = browser;
    // A stand-in for React DevTools: every react-dom copy registers its renderer with this hook once.
    await context.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        value: {
          renderers,
          supportsFiber: true,
          isDisabled: false,
          inject(renderer: unknown) {
            renderers.set(renderers.size + 1, renderer);
            return renderers.size;
          },
          checkDCE() {},
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          onScheduleFiberRoot() {},
        },
      });
    });
    await login(page, 'admin');
    for (const [path, title] of ROUTES) {
      await navigateInApp(page, path);
      await waitForContentTitle(page, title);
    }

    const copies = await page.evaluate(() => {
      type Share = { from: string; loaded?: boolean; lib?: unknown };
      type Instance = { name: string; shareScopeMap: { default: Record<string, Record<string, Share>> } };
      // Every federation instance on the page (the shell's and each remote container's) and the share scope it uses.
      const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }).__FEDERATION__;
      const keys = ['react', 'react-dom', 'antd', 'react-router', '@portal/session'];
      const perInstance = federation.__INSTANCES__.map(
        ({ name, shareScopeMap }) =>
          [
            name,
            Object.fromEntries(
              keys.map((key) => {
                const loaded = Object.entries(shareScopeMap.default[key] ?? {}).filter(([, share]) => share.loaded || share.lib);
                return [key, loaded.map(([version, share]) => `${share.from}@${version}`)];
              }),
            ),
          ] as const,
      );
      const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
      // The federation runtime the remotes use (they are built without their own): the shell's.
      const runtime = (window as unknown as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM;
      return { perInstance: Object.fromEntries(perInstance), reactDomRenderers: hook.renderers.size, runtimeFrom: runtime?.name };
    });

    expect(copies.reactDomRenderers).toBe(1);
    expect(copies.runtimeFrom).toBe('shell');
    const instances = Object.keys(copies.perInstance);
    expect(instances).toEqual(expect.arrayContaining(['shell', 'mf_dashboard', 'mf_items', 'mf_statistics', 'mf_selfcheck', 'mf_settings']));
    for (const instance of instances) {
      expect(copies.perInstance[instance]).toEqual({
        react: ['shell@19.3.1'],
        'react-dom': ['shell@19.3.1'],
        antd: ['shell@6.6.7'],
        'react-router': ['shell@7.18.5'],
        '@portal/session': ['shell@0.1.0'],
      });
    }

    // antd's static sheet once, a css file the shell's @portal/ui linked (no remote's copy, no script injecting it).
    const antdSheets = await page.evaluate(() =>
      [...document.styleSheets]
        .filter((sheet) => [...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && rule.selectorText === '.ant-btn'))
        .map((sheet) => ({ tag: sheet.ownerNode?.nodeName, href: sheet.href && new URL(sheet.href).pathname })),
    );
    expect(antdSheets).toEqual([{ tag: 'LINK', href: expect.stringMatching(/^\/\d+\.[0-9a-f]{8}\.css$/) }]);
  });
});
