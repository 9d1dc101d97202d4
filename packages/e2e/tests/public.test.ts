import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { freePort, portalUrl, REPO_ROOT, startServer, useBrowser, type RunningServer } from '../src';
import { until } from '../src/listPage';

const browser = useBrowser();

describe('public entry (/capacities/…, /sipOperations/{storeCode})', () => {
  it.each([
    ['/capacities/some-token', 'Occupancy', '[role=alert]'],
    // The traffic light speaks its URL's language (Catalan here), whatever the interface language.
    ['/capacities/some-token/BIB-001/ca', "Control d'accés", '[role=alert]'],
    ['/sipOperations/BIB-001', 'Self-service today', 'table'],
  ])('%s loads only mf-public code: no shell, no login, no other remote', async (path, title, answered) => {
    const { page, requests } = browser;
    await page.goto(portalUrl(path));
    await page.getByRole('heading', { name: title }).waitFor();
    // The first poll has been answered and shown: every chunk the page needs has loaded. (Not 'networkidle':
    // a polling display is never idle for long on a loaded machine.)
    await page.locator(answered).first().waitFor();

    const origin = new URL(portalUrl()).origin;
    const own = requests.filter((url) => url.startsWith(origin)).map((url) => new URL(url).pathname);
    const code = own.filter((pathname) => !pathname.startsWith('/api/') && pathname !== path);
    expect(code.length).toBeGreaterThan(0);
    expect(code.filter((pathname) => !pathname.startsWith('/remotes/mf-public/'))).toEqual([]);
    expect(code.filter((pathname) => pathname.endsWith('/mf-manifest.json'))).toEqual([]);
    expect(await page.locator('#login_userName, .ant-layout-sider, #portal-content').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(path);
  });
});

/**
 * A display left running: its own server (small demo profile) that the test stops and starts again on the
 * same port and data directory, so nothing is shared with the other tests' server.
 */
describe('a capacity display left running', () => {
  let server: RunningServer;
  let port: number;
  let dataDir: string;
  const SMALL = { PORTAL_DEMO_PROFILE: 'small' };

  beforeAll(async () => {
    port = await freePort();
    server = await startServer({ port, env: SMALL });
    dataDir = server.dataDir;
  }, 180_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  async function publicToken(userName: string): Promise<string> {
    const res = await fetch(url('/api/auth/signin'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ userName, password: userName }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { userToken: string }).userToken;
  }

  /**
   * While the server is down: BIB-001 open all day, and as many people in as twice its capacity (a record a
   * minute ago, in the library's clock) — the library fills. Its daily reset is put twelve hours away from now:
   * with the usual midnight reset, a run in the minute after it (CI at 23:00 UTC, midnight in Madrid) counted the
   * record in the day before, and the bar never turned red.
   */
  function fillLibrary(code: string): void {
    const SQLite = createRequire(path.join(REPO_ROOT, 'packages/server/package.json'))('better-sqlite3');
    const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
    try {
      const store = db.prepare('select id, capacity, timezone from stores where code = ?').get(code) as { id: number; capacity: number; timezone: string };
      const sensor = db.prepare('select id from sensors where store_id = ? order by id limit 1').get(store.id) as { id: number };
      const hour = Number(libraryTime(new Date(), store.timezone).slice(11, 13));
      const reset = `${String((hour + 12) % 24).padStart(2, '0')}:00`;
      db.prepare("update stores set start_time = '00:00', end_time = '00:00', reset_time = ? where id = ?").run(reset, store.id);
      db.prepare('insert into records (store_id, sensor_id, date, count_in, count_out) values (?, ?, ?, ?, 0)').run(
        store.id,
        sensor.id,
        libraryTime(new Date(Date.now() - 60_000), store.timezone),
        store.capacity * 2,
      );
    } finally {
      db.close();
    }
  }

  /** `YYYY-MM-DD HH:mm:ss` at the library (how records store their time). */
  const libraryTime = (instant: Date, timeZone: string) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(instant);

  /** The library's own bar (the first of its areas). */
  const barOf = (page: Page, storeCode: string) => page.locator(`.portal-capacity-bar[data-store-code="${storeCode}"]`).first();

  it('survives a server restart on its own: stale mark while down, new values (red, Catalan wait text) after, no reload', async () => {
    const { context, page, requests } = browser;
    const token = await publicToken('manager');
    const barsPath = `/capacities/${token}`;
    // A faster interval (explicit ?pollMs=) keeps the test short; the rules are the 5 s display's.
    await page.goto(url(`${barsPath}?pollMs=1000`));
    const bar = barOf(page, 'BIB-001');
    await bar.waitFor();
    const light = await context.newPage();
    await light.goto(url(`/capacities/${token}/BIB-001/ca?pollMs=1000`));
    await light.locator('.portal-traffic-light').waitFor();
    expect(await light.locator('.portal-traffic-cell').count()).toBe(10);

    // Only mf-public's own code, with a real token too.
    const code = requests
      .filter((u) => u.startsWith(url('/')) && !new URL(u).pathname.startsWith('/api/'))
      .map((u) => new URL(u).pathname)
      .filter((p) => !p.startsWith('/capacities/'));
    expect(code.length).toBeGreaterThan(0);
    expect(code.filter((p) => !p.startsWith('/remotes/mf-public/'))).toEqual([]);

    const before = await bar.getAttribute('data-colour');
    await page.evaluate(() => Object.assign(window, { portalSameDocument: true })); // gone if the page reloads
    await server.stop({ keepData: true });
    await page.locator('.portal-public-stale').waitFor({ timeout: 20_000 });
    expect(await page.locator('.portal-public-stale').textContent()).toMatch(/^Not updated since \d\d:\d\d$/);
    expect(await bar.count()).toBeGreaterThan(0); // the last values stay

    fillLibrary('BIB-001');
    server = await startServer({ port, dataDir, env: SMALL });
    await page.locator('.portal-public-stale').waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.portal-capacity-bar[data-store-code="BIB-001"][data-colour="red"]').first().waitFor({ timeout: 20_000 });
    expect(before).not.toBe('red');
    expect(await page.evaluate(() => (window as unknown as { portalSameDocument?: boolean }).portalSameDocument)).toBe(true);
    expect(await bar.textContent()).toMatch(/\d+\/\d+ · \d{3} %/);
    await light.locator('.portal-traffic-light[data-state="wait"]').waitFor({ timeout: 20_000 });
    expect(await light.locator('.portal-traffic-message').textContent()).toBe('Aforament complet, si us plau espereu');
    await light.close();
  });

  it('memory stays flat over a few hundred accelerated polls', async () => {
    const { page, requests } = browser;
    const token = await publicToken('manager');
    await page.goto(url(`/capacities/${token}?pollMs=100`));
    await page.locator('.portal-capacity-bar').first().waitFor();
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const polls = () => requests.filter((u) => u.includes('/api/statistics/capacities/')).length;
    const nodes = () => page.evaluate(() => document.getElementsByTagName('*').length);
    // Counted polls, not a time window: a loaded machine polls slower, never fewer times.
    const pollsReach = (n: number) => until(async () => polls() >= n, true, 180_000);
    await pollsReach(20); // warm up: lazy chunks and caches loaded
    const [heapBefore, nodesBefore, pollsBefore] = [await heap(), await nodes(), polls()];
    const started = Date.now();
    await pollsReach(pollsBefore + 200);
    const [heapAfter, nodesAfter, pollsAfter] = [await heap(), await nodes(), polls()];
    console.log(
      `public display: ${pollsAfter - pollsBefore} polls in ${((Date.now() - started) / 1000).toFixed(1)} s, JS heap ${(heapBefore / 1024).toFixed(0)} → ${(heapAfter / 1024).toFixed(0)} KiB, DOM nodes ${nodesBefore} → ${nodesAfter}`,
    );
    expect(nodesAfter).toBe(nodesBefore);
    expect(heapAfter - heapBefore).toBeLessThan(1024 * 1024);
  });
});
