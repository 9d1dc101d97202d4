/**
 * The one browser setup of the end-to-end files: a fresh Chromium profile per test (or one for the whole file),
 * optionally signed in, its uncaught page errors printed when a test leaves any, closed afterwards. And a temp
 * folder per file for downloads and uploads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBrowser, type PortalBrowser } from './browser';
import { login, type DemoUser } from './portal';

export interface TestBrowserOptions {
  /** Interface language set before any script runs (default en-GB). */
  language?: string;
  /** One browser for every test of the file instead of a fresh one per test. */
  perFile?: boolean;
  /** Signs this demo user in before each test (before the file's tests with perFile). */
  signedIn?: DemoUser;
}

/**
 * Registers the setup and teardown; the answer reads the current test's browser (`const { page } = browser`
 * inside a test).
 */
export function useBrowser(options: TestBrowserOptions = {}): PortalBrowser {
  let current: PortalBrowser | undefined;
  const [setUp, tearDown] = options.perFile ? [beforeAll, afterAll] : [beforeEach, afterEach];
  setUp(async () => {
    current = await openBrowser(options.language);
    if (options.signedIn) await login(current.page, options.signedIn);
  });
  tearDown(async () => {
    const open = current;
    current = undefined;
    if (!open) return;
    if (open.errors.length) console.log(`page errors:\n${open.errors.join('\n')}`);
    await open.close();
  });
  const live = (): PortalBrowser => {
    if (!current) throw new Error('no browser open: use it inside a test (useBrowser opens it before each)');
    return current;
  };
  return {
    get context() {
      return live().context;
    },
    get page() {
      return live().page;
    },
    get requests() {
      return live().requests;
    },
    get errors() {
      return live().errors;
    },
    close: () => live().close(),
  };
}

/** A temp folder for the file's tests (`work.dir`), removed after them. */
export function useWorkDir(name: string): { readonly dir: string } {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), `portal-e2e-${name}-`));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      if (!dir) throw new Error('no work folder: use it inside a test');
      return dir;
    },
  };
}
