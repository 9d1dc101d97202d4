import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Flags that work with Debian's Chromium on these machines (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, installed on first use (`npx playwright install` cannot work here). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit' });
}

export interface PortalBrowser {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Uncaught page errors (a failing test prints them). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile (empty storage: no session), with the interface language set before any
 * script runs (en-GB, so assertions read like the spec).
 */
export async function openBrowser(language = 'en-GB'): Promise<PortalBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 1366, height: 900 },
  });
  await context.addInitScript((lng) => {
    if (!window.localStorage.getItem('portal.language')) window.localStorage.setItem('portal.language', lng);
  }, language);
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    requests,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
