/**
 * One sign-in to a complete dashboard in headless Chromium, timed from pressing Login (used by signinBench.ts and
 * signinProfile.ts): the requests, the page's marks, its long tasks and the renderer's CPU time.
 */
import type { CDPSession, Page } from 'playwright-core';
import { openBrowser, startServer, type RunningServer } from '../../src';
import { copyPreparedDemoData } from '../../src/demoData';

/**
 * BENCH_TYPING_MS=150: the user name and password are typed a key every that many ms (a person typing) instead of
 * filled at once before pressing Login (the default, which gives the signed-in shell no head start).
 */
export const TYPING_MS = Number(process.env.BENCH_TYPING_MS ?? 0);

export interface Call {
  url: string;
  start: number;
  end: number;
}
export interface Mark {
  name: string;
  at: number;
}

/**
 * Runs in the page before any script (plain JavaScript: tsx would wrap a compiled function's inner functions in
 * a helper the page lacks). From pressing Login, on the page's clock: when the signed-in shell's layout and the
 * dashboard page appear, and when each widget (a card with role=group) stops being busy with its chart, number
 * or empty mark drawn; benchRequests() reads every request's start and end from the Resource Timing entries.
 * The page's clock starts at the click's input time stamp (a click that waited for a busy page counts that wait).
 */
export const WATCH_DASHBOARD = `(() => {
  window.benchMarks = [];
  const seen = new Set();
  const mark = (name) => {
    if (seen.has(name) || window.benchT0 === undefined) return;
    seen.add(name);
    window.benchMarks.push({ name, at: Math.round(performance.now() - window.benchT0) });
  };
  // The page's clock starts when the click was made (the input event's time stamp), so it counts the time the click
  // waited for a busy page before its handler ran, as a person's click would.
  document.addEventListener('click', (event) => {
    if (window.benchT0 === undefined && event.target.closest && event.target.closest('button[type="submit"]')) window.benchT0 = Math.min(event.timeStamp, performance.now());
  }, true);
  const check = () => {
    if (window.benchT0 === undefined) return;
    if (document.querySelector('.ant-layout')) mark('signed-in shell shown');
    const content = document.getElementById('portal-content');
    if (!content) return;
    if (content.querySelector('.portal-page')) mark('dashboard page shown');
    const charts = content.querySelectorAll('[data-highcharts-chart]').length;
    if (charts > 0 && content.querySelectorAll('[data-highcharts-chart][role="region"]').length === charts) mark('every chart accessible');
    content.querySelectorAll('[role="group"][aria-label]').forEach((card) => {
      if (card.getAttribute('aria-busy') !== 'false') return;
      if (card.querySelector('.highcharts-root, .ant-statistic, .ant-empty')) mark('widget filled: ' + card.getAttribute('aria-label'));
    });
  };
  window.benchRequests = () => performance.getEntriesByType('resource')
    .filter((entry) => window.benchT0 !== undefined && entry.startTime >= window.benchT0)
    .map((entry) => ({ url: entry.name.replace(location.origin, ''), start: Math.round(entry.startTime - window.benchT0), end: Math.round(entry.responseEnd - window.benchT0) }));
  const longTasks = [];
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry))).observe({ type: 'longtask', buffered: true });
  } catch (error) { /* no long task timing */ }
  window.benchLongTasks = () => longTasks
    .filter((entry) => window.benchT0 !== undefined && entry.startTime + entry.duration >= window.benchT0)
    .map((entry) => ({ start: Math.round(entry.startTime - window.benchT0), ms: Math.round(entry.duration) }));
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'role'] });
})();`;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Waits until the content area shows the dashboard and nothing in it is loading, and every dashboard call ended. */
async function dashboardComplete(page: Page, calls: Call[]): Promise<void> {
  await page.waitForURL(/\/dashboard$/, { timeout: 120_000 });
  await page.locator('#portal-content .portal-page').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(
    () => {
      const content = document.getElementById('portal-content');
      return !!content && !!content.querySelector('.portal-page') && !content.querySelector('.ant-spin-spinning, .ant-skeleton-active');
    },
    undefined,
    { timeout: 120_000 },
  );
  for (;;) {
    const dashboard = calls.filter((call) => call.url.includes('/api/dashboard/'));
    if (dashboard.length > 0 && dashboard.every((call) => call.end > 0)) return;
    await page.waitForTimeout(10);
  }
}

/** calls: every request after Login as the page timed it (Resource Timing: start → response end). */
export interface Run {
  /** From pressing Login until the bench noticed the complete page (Playwright's polling included). */
  ms: number;
  calls: Call[];
  marks: Mark[];
  cpu: { thread: number; process: number };
  /**
   * The bench's figure: from pressing Login to the moment the page was complete, by the page's own marks
   * (`clickAt + pageMs`): what `ms` holds less Playwright's polling for the complete page (0.1-0.3 s here), which
   * no user waits for; Playwright's delivery of the click stays in.
   */
  completeMs: number;
  /**
   * The same sign-in on the page's clock: from the click on Login (its input time stamp) to the moment the page was complete (its
   * last widget filled, its last dashboard call answered). `ms` also holds what the bench's own steps take: before
   * the click reaches the page, Playwright's checks of the button (`clickAt`, on a loaded machine 0.1-0.4 s), and
   * after, its polling for the complete page.
   */
  pageMs: number;
  /** When the click event reached the page, from the moment the bench pressed Login (the start of `ms`). */
  clickAt: number;
  /** Long tasks (over 50 ms) of the page after Login: start and duration on the page's clock. */
  longTasks: { start: number; ms: number }[];
  /** What the probe's stop() answered (a CPU profile, metrics). */
  probed?: unknown;
}

/** Extra measurements around one sign-in, on the page's DevTools session: started just before Login, stopped at the complete dashboard. */
export interface Probe {
  start(cdp: CDPSession): Promise<void>;
  stop(cdp: CDPSession): Promise<unknown>;
}

export async function signInOnce(base: string, user: string, warm: boolean, probe?: Probe): Promise<Run> {
  const browser = await openBrowser();
  try {
    const { page, context } = browser;
    await context.addInitScript({ content: WATCH_DASHBOARD });
    if (warm) {
      // the same profile has seen the portal once: scripts in its cache
      await page.goto(`${base}/auth/login`);
      await page.locator('#login_userName').waitFor();
    }
    await page.goto(`${base}/auth/login`);
    if (TYPING_MS > 0) {
      // a person typing: the signed-in shell and the landing remote load meanwhile
      await page.locator('#login_userName').pressSequentially(user, { delay: TYPING_MS });
      await page.locator('#login_password').pressSequentially(user, { delay: TYPING_MS });
    } else {
      await page.locator('#login_userName').fill(user);
      await page.locator('#login_password').fill(user);
    }
    const calls: Call[] = [];
    const pending = new Map<object, Call>();
    let t0 = 0;
    context.on('request', (request) => {
      if (!t0) return; // every request after pressing Login: API calls, the shell's and remotes' scripts
      const call = { url: request.url().replace(base, ''), start: Date.now() - t0, end: 0 };
      calls.push(call);
      pending.set(request, call);
    });
    const finished = (request: object) => {
      const call = pending.get(request);
      if (call) call.end = Date.now() - t0;
    };
    context.on('requestfinished', finished);
    context.on('requestfailed', finished);
    // The renderer's CPU time (its main thread, and the whole process) from pressing Login to the complete
    // dashboard: the work the browser did, which a loaded machine stretches in wall time but not in amount.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const cpuNow = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const of = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
      return { thread: of('ThreadTime'), process: of('ProcessTime') };
    };
    const cpuBefore = await cpuNow();
    await probe?.start(cdp);
    t0 = Date.now();
    await page.locator('button[type="submit"]').click();
    await dashboardComplete(page, calls);
    const ms = Date.now() - t0;
    const cpuAfter = await cpuNow();
    const probed = await probe?.stop(cdp);
    const cpu = {
      thread: Math.round((cpuAfter.thread - cpuBefore.thread) * 1000),
      process: Math.round((cpuAfter.process - cpuBefore.process) * 1000),
    };
    const { marks, requests, longTasks, clickEpoch } = await page.evaluate(() => {
      const bench = window as unknown as { benchMarks?: Mark[]; benchRequests?: () => Call[]; benchLongTasks?: () => Run['longTasks']; benchT0?: number };
      return {
        marks: bench.benchMarks ?? [],
        requests: bench.benchRequests?.() ?? [],
        longTasks: bench.benchLongTasks?.() ?? [],
        clickEpoch: performance.timeOrigin + (bench.benchT0 ?? 0),
      };
    });
    const pageMs = Math.max(
      ...marks.filter((mark) => mark.name.startsWith('widget filled') || mark.name === 'dashboard page shown').map((mark) => mark.at),
      ...requests.filter((call) => call.url.startsWith('/api/dashboard/')).map((call) => call.end),
    );
    const clickAt = Math.round(clickEpoch - t0);
    return { ms, completeMs: clickAt + pageMs, pageMs, clickAt, calls: requests, marks, cpu, longTasks, probed };
  } finally {
    await browser.close();
  }
}

/**
 * A stand-in for React DevTools, run in the page before any script: counts react-dom's commits over every root
 * (production react-dom reports each commit to this hook), read back as `window.benchCommits`.
 */
const COUNT_COMMITS = `(() => {
  window.benchCommits = 0;
  const renderers = new Map();
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', { value: {
    renderers, supportsFiber: true, isDisabled: false,
    inject(renderer) { renderers.set(renderers.size + 1, renderer); return renderers.size; },
    checkDCE() {}, onCommitFiberRoot() { window.benchCommits += 1; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
  } });
})();`;

/** One load of /dashboard by a signed-in user, from navigation to the complete page. */
export interface DashboardLoad {
  /** The renderer's main-thread and whole-process CPU time (ms), navigation to complete. */
  cpu: { thread: number; process: number };
  /** Wall time (ms), navigation to complete (Playwright's polling included). */
  ms: number;
  /** react-dom commits over every root, navigation to complete. */
  commits: number;
  /** Charts drawn at that moment (those below the fold wait to be scrolled to). */
  charts: number;
  probed?: unknown;
}

/**
 * Signs `user` in (not measured), then reloads /dashboard (a full navigation in the same renderer, scripts from the
 * cache) and measures it until the page is complete, with `probe` around it.
 */
export async function openDashboardOnce(base: string, user: string, probe?: Probe): Promise<DashboardLoad> {
  const browser = await openBrowser();
  try {
    const { page, context } = browser;
    await context.addInitScript({ content: COUNT_COMMITS });
    const calls: Call[] = [];
    const pending = new Map<object, Call>();
    context.on('request', (request) => {
      const call = { url: request.url().replace(base, ''), start: 0, end: 0 };
      calls.push(call);
      pending.set(request, call);
    });
    const finished = (request: object) => {
      const call = pending.get(request);
      if (call) call.end = 1;
    };
    context.on('requestfinished', finished);
    context.on('requestfailed', finished);
    await page.goto(`${base}/auth/login`);
    await page.locator('#login_userName').fill(user);
    await page.locator('#login_password').fill(user);
    await page.locator('button[type="submit"]').click();
    await dashboardComplete(page, calls);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const cpuNow = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const of = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
      return { thread: of('ThreadTime'), process: of('ProcessTime') };
    };
    calls.length = 0;
    const before = await cpuNow();
    await probe?.start(cdp);
    const t0 = Date.now();
    await page.reload({ waitUntil: 'commit' }); // the same renderer process (its CPU counters go on)
    await dashboardComplete(page, calls);
    const ms = Date.now() - t0;
    const after = await cpuNow();
    const probed = await probe?.stop(cdp);
    const { commits, charts } = await page.evaluate(() => ({
      commits: (window as unknown as { benchCommits: number }).benchCommits,
      charts: document.querySelectorAll('#portal-content [data-highcharts-chart]').length,
    }));
    return {
      ms,
      commits,
      charts,
      probed,
      cpu: { thread: Math.round((after.thread - before.thread) * 1000), process: Math.round((after.process - before.process) * 1000) },
    };
  } finally {
    await browser.close();
  }
}

/**
 * Runs `bench` against PORTAL_E2E_URL, or against a server of its own on a copy of the prepared demo data (started
 * and stopped here), after one admin sign-in for the server's first answers (statements prepared, files read).
 */
export async function withBenchServer(bench: (base: string) => Promise<void>): Promise<void> {
  let server: RunningServer | undefined;
  let base = process.env.PORTAL_E2E_URL;
  if (!base) {
    server = await startServer({ dataDir: copyPreparedDemoData() });
    base = server.url;
  }
  try {
    await signInOnce(base, 'admin', false);
    await bench(base);
  } finally {
    await server?.stop();
  }
}
