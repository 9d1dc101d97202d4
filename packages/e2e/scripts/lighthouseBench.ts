/**
 * Lighthouse 12.2.3 on the built portal, in Debian's Chromium (the one the end-to-end tests use): the login page,
 * then, signed in as admin, the dashboard, catalogues, a catalogue's items, counters and users, each with the
 * desktop and the mobile preset (Lighthouse's simulated throttling), every run a first visit (Lighthouse empties
 * the cache; the session in localStorage stays). Prints each page's medians: performance score, total blocking
 * time, largest contentful paint, bytes transferred, unused JavaScript, main-thread work, best practices and the
 * console errors; then sign-in to a complete dashboard for manager and admin (signin/run.ts, first visits).
 *
 *   pnpm --filter @portal/e2e bench:lighthouse                         # its own server on the built portal, demo data
 *   pnpm --filter @portal/e2e bench:lighthouse http://localhost:8080   # an already running portal (or PORTAL_E2E_URL)
 *   … --runs 1 --pages dashboard,catalogues --presets desktop --signin-runs 0
 *   PORTAL_E2E_DATA_TEMPLATE=/tmp/demo …                               # start on a copy of prepared demo data
 *   … --save /tmp/lh                                                   # keep each run's report (JSON) for its details
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, freePort, submitLogin } from '../src';
import { CHROMIUM_ARGS } from '../src/browser';
import { apiGet, apiSignIn } from '../src/portalRoutes';
import { median, signInOnce, withBenchServer } from './signin/run';

const PAGES = ['login', 'dashboard', 'catalogues', 'catalogue items', 'counters', 'users'] as const;
type PageName = (typeof PAGES)[number];
const PRESETS = ['desktop', 'mobile'] as const;
type Preset = (typeof PRESETS)[number];

function options() {
  // pnpm passes the `--` before the options on.
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const value = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const list = <T extends string>(given: string | undefined, all: readonly T[]): T[] => {
    if (!given) return [...all];
    const names = given.split(',').map((name) => name.trim().replace(/-/g, ' '));
    const unknown = names.filter((name) => !(all as readonly string[]).includes(name));
    if (unknown.length) throw new Error(`unknown ${unknown.join(', ')}: one of ${all.join(', ')}`);
    return names as T[];
  };
  const runs = Number(value('runs') ?? 3);
  const signinRuns = Number(value('signin-runs') ?? 5);
  const pages = list(value('pages'), PAGES);
  const presets = list(value('presets'), PRESETS);
  const save = value('save');
  if (args[0]) process.env.PORTAL_E2E_URL = args[0];
  return { runs, signinRuns, pages, presets, save };
}

interface Figures {
  perf: number;
  tbt: number;
  lcp: number;
  bytes: number;
  unusedJs: number;
  mainThread: number;
  bestPractices: number;
  consoleErrors: string[];
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

async function audit(port: number, url: string, preset: Preset, saveAs?: string): Promise<Figures> {
  const { default: lighthouse } = await import('lighthouse');
  const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'best-practices'], maxWaitForLoad: 120_000, maxWaitForFcp: 60_000 },
    preset === 'desktop' ? desktop : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  if (saveAs) writeFileSync(saveAs, JSON.stringify(result.lhr));
  const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
  const details = (id: string) =>
    audits[id]?.details as { overallSavingsBytes?: number; items?: { description?: string; source?: string; url?: string }[] } | undefined;
  return {
    perf: Math.round((categories.performance.score ?? 0) * 100),
    tbt: numeric('total-blocking-time'),
    lcp: numeric('largest-contentful-paint'),
    bytes: numeric('total-byte-weight'),
    unusedJs: details('unused-javascript')?.overallSavingsBytes ?? 0,
    mainThread: numeric('mainthread-work-breakdown'),
    bestPractices: Math.round((categories['best-practices'].score ?? 0) * 100),
    consoleErrors: (details('errors-in-console')?.items ?? []).map((item) => `${item.description ?? ''} ${item.url ?? ''}`.slice(0, 200)),
  };
}

function report(label: string, runs: Figures[]): string {
  const m = (pick: (f: Figures) => number) => median(runs.map(pick));
  return (
    `${label.padEnd(26)} perf ${String(m((f) => f.perf)).padStart(3)}  TBT ${ms(m((f) => f.tbt)).padStart(9)}  LCP ${(m((f) => f.lcp) / 1000).toFixed(1).padStart(5)} s  ` +
    `transferred ${kb(m((f) => f.bytes)).padStart(8)}  unused JS ${kb(m((f) => f.unusedJs)).padStart(7)}  main thread ${ms(m((f) => f.mainThread)).padStart(9)}  ` +
    `best practices ${m((f) => f.bestPractices)}  (perf of runs ${runs.map((f) => f.perf).join(', ')})`
  );
}

/**
 * Debian's Chromium with a DevTools port, on a fresh profile. Lighthouse opens its own tab on that port (in a
 * browser Playwright launched, its traces had no navigationStart).
 */
async function debuggableChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  // Its own process group, so that close() ends its helper processes too (they write the profile).
  const child = spawn(CHROMIUM, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
    } catch (error) {
      console.log(`left ${profile} behind (${String(error).split('\n')[0]})`);
    }
  };
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch (error) {
        if (tries > 300) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Signs admin in through Playwright over the DevTools port (the session lands in localStorage), then lets go. */
async function signIn(port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());
    await submitLogin(page, 'admin');
    await page.waitForURL(/\/dashboard$/, { timeout: 120_000 });
    await page.locator('#portal-content .portal-page').first().waitFor({ timeout: 120_000 });
    await page.goto('about:blank');
  } finally {
    await browser.close(); // connected, not launched: disconnects
  }
}

async function main(): Promise<void> {
  const { runs, signinRuns, pages, presets, save } = options();
  if (save) mkdirSync(save, { recursive: true });
  console.log(`load average at start: ${loadAverage()} (${runs} run(s) each; medians)`);
  await withBenchServer(async (base) => {
    process.env.PORTAL_E2E_URL = base;
    const session = await apiSignIn('admin');
    const catalogues = await apiGet<{ items: { tid: number }[] }>(session, `/api/stores/${session.selectedStoreId}/catalogues?limit=1`);
    const paths: Record<PageName, string> = {
      login: '/auth/login',
      dashboard: '/dashboard',
      catalogues: '/catalogues',
      'catalogue items': `/catalogues/${catalogues.items[0].tid}`,
      counters: '/counters',
      users: '/users',
    };
    // A loaded machine can make Chromium miss Lighthouse's 30 s protocol time-out, after which that Chromium refuses to
    // trace again: a failed run gets a fresh Chromium (signed in again) and is tried again, three times at most.
    let browser = await debuggableChromium();
    let signedIn = false;
    const restart = async () => {
      await browser.close();
      browser = await debuggableChromium();
      if (signedIn) await signIn(browser.port);
    };
    const lines: string[] = [];
    const errors = new Map<string, Set<string>>();
    try {
      // The login page first, before this profile signs in (Lighthouse keeps localStorage between runs).
      const ordered = [...pages].sort((a, b) => Number(b === 'login') - Number(a === 'login'));
      for (const page of ordered) {
        if (page !== 'login' && !signedIn) {
          await signIn(browser.port);
          signedIn = true;
        }
        for (const preset of presets) {
          const figures: Figures[] = [];
          for (let i = 0; i < runs; i += 1) {
            for (let attempt = 1; attempt <= 3; attempt += 1) {
              try {
                const saveAs = save && path.join(save, `${page.replace(/ /g, '-')}-${preset}-${i + 1}.json`);
                figures.push(await audit(browser.port, `${base}${paths[page]}`, preset, saveAs));
                break;
              } catch (error) {
                console.log(`${page}, ${preset}: run ${i + 1} failed (${String(error).split('\n')[0]})${attempt < 3 ? ', again in a fresh Chromium' : ''}`);
                await restart();
              }
            }
          }
          if (figures.length === 0) continue;
          const line = report(`${page}, ${preset}`, figures);
          console.log(line);
          lines.push(line);
          for (const error of figures.flatMap((f) => f.consoleErrors)) errors.set(page, (errors.get(page) ?? new Set()).add(error));
        }
      }
    } finally {
      await browser.close();
    }
    const signin: string[] = [];
    for (const user of signinRuns > 0 ? ['manager', 'admin'] : []) {
      const timed = [];
      for (let i = 0; i < signinRuns; i += 1) timed.push(await signInOnce(base, user, false));
      signin.push(
        `sign-in to a complete dashboard, ${user}, first visit: median ${median(timed.map((run) => run.completeMs))} ms ` +
          `(runs ${timed.map((run) => run.completeMs).join(', ')} ms); renderer main thread CPU median ${median(timed.map((run) => run.cpu.thread))} ms`,
      );
      console.log(signin[signin.length - 1]);
    }
    console.log(`\nLighthouse 12.2.3, medians of ${runs} (load average at the end: ${loadAverage()}):`);
    for (const line of [...lines, ...signin]) console.log(`  ${line}`);
    for (const [page, messages] of errors) console.log(`  console errors on ${page}: ${[...messages].join(' | ')}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
